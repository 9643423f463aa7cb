/* cmd_verify.c - gunbai verify GAMEDIR: replay every run of a game
 * directory from start.yaml with the files it recorded, and compare.
 *
 * For each run N, from the state archived before it (so that each run is
 * judged on its own, and a state edited by hand shows in the run that
 * made it even when the later runs were made again from it):
 *   - every file in orders/, refused/ and kept/ is read with its .sig and
 *     checked as `run` checked it (signature first);
 *   - adjudicate_run replays the run (with --nmr if runs/N/nmr is there,
 *     which run writes only when it gave default orders);
 *   - the state and every report must be the archived bytes, and nothing
 *     more may be archived;
 *   - the files in orders/ must be the ones applied, refused/ the ones
 *     refused, kept/ the ones kept; the archived state's previous hash
 *     must be the archived state before it.
 * The first reports (GAMEDIR/reports/) are compared with start.yaml's. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "turn/adjudicate.h"
#include "archive/cmd.h"
#include "turn/commit.h"
#include "archive/evidence.h"
#include "archive/gamedir.h"
#include "turn/setup.h"
#include "report/report.h"
#include "report/report_json.h"

/* What one run's check found: problems, one per line. */
struct verify_run {
	struct strlist problems;
	size_t signatures; /* orders files whose signature was checked */
};

/* A problem found: one line. */
#define verify_problem(vr, ...) strlist_addf(&(vr)->problems, __VA_ARGS__)

static void
verify_problem_err(struct verify_run *vr, const struct gb_err *e)
{
	char buf[1200];

	err_format(e, buf, sizeof buf);
	verify_problem(vr, "%s", buf);
}

/* The seed commitment (issue 9): every state of the archive keeps the uid
 * and seed of the state before it, so that every report's commitment is
 * the one of start.yaml's first reports and the seed revealed at the end
 * is the one committed to.  before is NULL for start.yaml. */
static void
verify_seed_commitment(const struct state *before, const struct state *st,
    const char *path, struct verify_run *vr)
{
	char was[COMMIT_HEX + 1], now[COMMIT_HEX + 1];

	if (before == NULL)
		return;
	commit_seed_hex(before->seed, was);
	commit_seed_hex(st->seed, now);
	if (strcmp(was, now) != 0)
		verify_problem(vr, "%s: the seed was changed: its seed "
		    "commitment %.16s... is not the game's %.16s...", path,
		    now, was);
	else if (memcmp(before->uid, st->uid, sizeof st->uid) != 0)
		verify_problem(vr, "%s: the uid was changed: it is not the "
		    "game's", path);
}

static void verify_bytes(struct verify_run *vr, const char *path,
    const char *want, size_t wlen, const char *what);

/* The start made again from start.yaml's seed and setup inputs (its
 * game, id, players and keys, organiser, options): the uid must be the
 * one derived from them, and start.yaml the bytes the setup makes, so
 * that no deal, first player or log line was written by hand
 * (formats/evidence.md). */
static void
verify_setup(struct verify_run *vr, const struct state *cur,
    const char *path)
{
	struct gb_err e = { 0 };
	struct state again;
	char *bytes;
	size_t len;

	memset(&again, 0, sizeof again);
	again.game = cur->game;
	again.id = util_strdup(cur->id);
	for (int i = 0; i < cur->nplayers; i++) {
		again.players[i].name = util_strdup(cur->players[i].name);
		again.players[i].key = util_strdup(cur->players[i].key);
		if (cur->players[i].address != NULL)
			again.players[i].address =
			    util_strdup(cur->players[i].address);
	}
	again.nplayers = cur->nplayers;
	state_link_players(&again);
	if (cur->organiser != NULL)
		again.organiser = util_strdup(cur->organiser);
	for (size_t k = 0; k < STATE_MAX_OPTIONS; k++)
		if (cur->options[k] != NULL)
			again.options[k] = util_strdup(cur->options[k]);
	memcpy(again.seed, cur->seed, sizeof again.seed);
	if (setup_make(&again, &e) == -1) {
		err_file(&e, path);
		verify_problem_err(vr, &e);
		state_free(&again);
		return;
	}
	if (memcmp(again.uid, cur->uid, sizeof again.uid) != 0) {
		char want[COMMIT_UID_HEX + 1], have[COMMIT_UID_HEX + 1];

		util_hex(again.uid, sizeof again.uid, want);
		util_hex(cur->uid, sizeof cur->uid, have);
		verify_problem(vr, "%s: its uid %s is not the one derived from "
		    "its seed's commitment and its setup (%s)", path, have,
		    want);
	}
	bytes = state_write(&again, &len);
	verify_bytes(vr, path, bytes, len, "start the seed and the setup "
	    "inputs make");
	free(bytes);
	state_free(&again);
}

/* Compare bytes with have, the bytes of the file at path: 1 if the same,
 * else 0 and a problem names the first line that differs. */
static int
verify_same(struct verify_run *vr, const char *path, const char *have,
    size_t hlen, const char *want, size_t wlen, const char *what)
{
	size_t i, line = 1;

	if (hlen == wlen && memcmp(have, want, hlen) == 0)
		return 1;
	for (i = 0; i < hlen && i < wlen && have[i] == want[i]; i++)
		if (have[i] == '\n')
			line++;
	verify_problem(vr, "%s:%zu: differs from the %s", path, line, what);
	return 0;
}

/* Compare bytes with the file at path. */
static void
verify_bytes(struct verify_run *vr, const char *path, const char *want,
    size_t wlen, const char *what)
{
	struct gb_err e = { 0 };
	char *have;
	size_t hlen;

	/* The common case, the same bytes, read with the fewest calls;
	 * only a difference is read again whole to be shown. */
	if (gamedir_same(path, want, wlen))
		return;
	if (fileio_read(path, FILEIO_STATE_MAX, &have, &hlen, &e) == -1) {
		verify_problem_err(vr, &e);
		return;
	}
	verify_same(vr, path, have, hlen, want, wlen, what);
	free(have);
}

/* The reports of st against the files in dir/reports (nothing more);
 * state_hex is st's hash (report_make). */
/* The organiser's signed block of the archived report at path, checked
 * against the text the replay signs (formats/evidence.md), then added to
 * the report the replay makes (*want), so that the bytes compared are
 * the whole report. */
static void
verify_signed(struct verify_run *vr, const struct state *st,
    const char *path, const char *text, char **want, size_t *wlen,
    int json)
{
	struct gb_err e = { 0 };
	uint8_t sig[CRYPTO_SIG_BYTES];
	char *have, *atext = NULL;
	size_t hlen;
	int r;

	if (fileio_read(path, FILEIO_STATE_MAX, &have, &hlen, &e) == -1)
		return; /* said when the bytes are compared */
	r = evidence_find(have, hlen, &atext, sig, &e);
	free(have);
	if (r == -1) {
		err_file(&e, path);
		verify_problem_err(vr, &e);
	} else if (r == 0) {
		verify_problem(vr, "%s: not signed by the organiser the game "
		    "names", path);
	} else if (strcmp(atext, text) != 0) {
		verify_problem(vr, "%s: the evidence the organiser signed is "
		    "not the replay's", path);
	} else if (crypto_verify(st->organiser, text, strlen(text), sig,
	    &e) != 1) {
		verify_problem(vr, "%s: the organiser's signature does not "
		    "verify", path);
	} else {
		evidence_append(want, wlen, json, text, sig);
	}
	free(atext);
}

static void
verify_reports(struct verify_run *vr, const struct state *st,
    const char *state_hex, const char *dir, const struct evidence_run *took)
{
	struct gb_err e = { 0 };
	struct strlist names;
	char *rdir = gamedir_path(dir, 0, "reports");
	struct report_shared shared = { 0 };

	if (gamedir_list(rdir, 1, &names, &e) == -1) {
		verify_problem_err(vr, &e);
		free(rdir);
		return;
	}
	for (int p = -1; p < st->nplayers; p++) {
		char *want[REPORT_KINDS];
		size_t len[REPORT_KINDS];
		struct sbuf text;

		report_make_all(st, state_hex, p, &shared, want, len);
		/* The text signed names the reports' bodies: made before
		 * either is signed. */
		sbuf_init(&text);
		if (st->organiser != NULL)
			evidence_report_text(st, state_hex, p, took, want, len,
			    &text);
		for (int k = 0; k < REPORT_KINDS; k++) {
			char rel[64], *path;

			snprintf(rel, sizeof rel, "%s.%s",
			    p < 0 ? "public" : st->names[p], report_kinds[k]);
			for (size_t i = 0; i < names.n; i++)
				if (names.v[i] != NULL &&
				    strcmp(names.v[i], rel) == 0) {
					free(names.v[i]);
					names.v[i] = NULL;
				}
			path = gamedir_path(rdir, 0, rel);
			if (st->organiser != NULL && k != REPORT_SVG)
				verify_signed(vr, st, path, text.p, &want[k],
				    &len[k], k == REPORT_JSON);
			verify_bytes(vr, path, want[k], len[k],
			    "report the replay makes");
			free(want[k]);
			free(path);
		}
		sbuf_free(&text);
	}
	report_shared_free(&shared);
	for (size_t i = 0; i < names.n; i++)
		if (names.v[i] != NULL)
			verify_problem(vr, "%s/%s: not a report of this game",
			    rdir, names.v[i]);
	strlist_free(&names);
	free(rdir);
}

/* The files of one folder of a run, read with their .sig, appended to
 * files; which folder each came from goes to from. */
static void
verify_folder(struct verify_run *vr, const char *rundir, const char *folder,
    int there, const struct state *st, struct orders_file **files,
    const char ***from, size_t *n)
{
	struct gb_err e = { 0 };
	struct strlist names;
	char *fdir = gamedir_path(rundir, 0, folder);
	struct stat sb;

	/* refused/ and kept/ are made only when they hold a file; there is
	 * 0 if the run's listing does not have the folder, -1 if unknown. */
	if (strcmp(folder, GAMEDIR_ORDERS) != 0 && (there == 0 ||
	    (there == -1 && lstat(fdir, &sb) == -1 && errno == ENOENT))) {
		free(fdir);
		return;
	}
	if (gamedir_list(fdir, 1, &names, &e) == -1) {
		verify_problem_err(vr, &e);
		free(fdir);
		return;
	}
	for (size_t i = 0; i < names.n; i++) {
		const char *name = names.v[i];
		size_t nl = strlen(name);
		char *path, *sigpath, *buf = NULL, *sig = NULL;
		size_t len, siglen;
		int has_sig = 0;

		if (nl > 4 && strcmp(name + nl - 4, ".sig") == 0) {
			/* Checked with its file. */
			char *base = util_strndup(name, nl - 4);
			for (size_t k = 0; k < names.n; k++)
				has_sig |= strcmp(names.v[k], base) == 0;
			if (!has_sig || !gamedir_valid_name(base))
				verify_problem(vr, "%s/%s: a signature without "
				    "its orders file", fdir, name);
			free(base);
			continue;
		}
		if (strcmp(folder, GAMEDIR_REFUSED) == 0 &&
		    nl > strlen(GAMEDIR_REASON) && strcmp(name + nl -
		    strlen(GAMEDIR_REASON), GAMEDIR_REASON) == 0)
			continue;
		if (!gamedir_valid_name(name)) {
			verify_problem(vr, "%s/%s: not the name of an orders "
			    "file", fdir, name);
			continue;
		}
		path = gamedir_path(fdir, 0, name);
		sigpath = util_malloc(strlen(path) + 5);
		sprintf(sigpath, "%s.sig", path);
		if (fileio_read(path, FILEIO_ORDERS_MAX, &buf, &len,
		    &e) == -1 ||
		    fileio_read(sigpath, FILEIO_SIG_MAX, &sig, &siglen,
		    &e) == -1) {
			verify_problem_err(vr, &e);
			free(buf);
		} else {
			*files = util_reallocarray(*files, *n + 1,
			    sizeof **files);
			*from = util_reallocarray(*from, *n + 1,
			    sizeof **from);
			orders_read_mem(&(*files)[*n], path, buf, len, sig,
			    siglen, st);
			(*from)[*n] = folder;
			(*n)++;
			vr->signatures++;
			free(buf);
			free(sig);
		}
		free(path);
		free(sigpath);
	}
	/* Every refusal has its reason, and every reason its file. */
	if (strcmp(folder, GAMEDIR_REFUSED) == 0)
		for (size_t i = 0; i < names.n; i++) {
			const char *name = names.v[i];
			size_t nl = strlen(name), rl = strlen(GAMEDIR_REASON);
			char *base;
			int found = 0;
			if (nl <= rl || strcmp(name + nl - rl,
			    GAMEDIR_REASON) != 0)
				continue;
			base = util_strndup(name, nl - rl);
			for (size_t k = 0; k < names.n; k++)
				found |= strcmp(names.v[k], base) == 0;
			if (!found)
				verify_problem(vr, "%s/%s: the reason of a file "
				    "that is not there", fdir, name);
			free(base);
		}
	strlist_free(&names);
	free(fdir);
}

/* Each file was where the replay puts it. */
static void
verify_places(struct verify_run *vr, const struct state *st,
    const struct orders_file *files, const char **from, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct orders_file *f = &files[i];
		const char *want = gamedir_place(st, files, n, i);

		if (strcmp(want, from[i]) == 0 || !f->ok)
			continue; /* a file refused whole: said before */
		if (strcmp(want, GAMEDIR_ORDERS) == 0)
			verify_problem(vr, "%s: applied in the replay, but "
			    "archived in %s/", f->path, from[i]);
		else if (strcmp(want, GAMEDIR_KEPT) == 0)
			verify_problem(vr, "%s: kept for point %lld in the "
			    "replay, not used", f->path, f->turn);
		else
			verify_problem(vr, "%s: not used in the replay (point "
			    "%lld of %s)", f->path, f->turn,
			    st->names[f->player]);
	}
}

/* text with every archived path of files replaced by the inbox path the
 * file had when `run` took it ("inbox/NAME"), as run wrote its reasons.
 * Caller frees. */
static char *
verify_as_run(const char *text, const struct orders_file *files, size_t n)
{
	struct sbuf b;

	sbuf_init(&b);
	while (*text != '\0') {
		size_t k, best = 0, blen = 0;

		for (k = 0; k < n; k++) {
			size_t l = strlen(files[k].path);
			if (l > blen && strncmp(text, files[k].path, l) == 0) {
				best = k;
				blen = l;
			}
		}
		if (blen == 0) {
			sbuf_putc(&b, *text++);
			continue;
		}
		sbuf_puts(&b, "inbox/");
		sbuf_puts(&b, strrchr(files[best].path, '/') + 1);
		text += blen;
	}
	return sbuf_take(&b);
}

/* Each file archived in refused/ has the reason the replay gives it, as
 * `run` wrote it (formats/archive.md): an edited reason, or an edited
 * refused file whose reason is no longer the replay's, is named. */
static void
verify_reasons(struct verify_run *vr, const struct state *st,
    const struct orders_file *files, const char **from, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct gb_err e = { 0 };
		char buf[1200], *want, *rpath, *have;
		size_t hlen, wlen;

		if (strcmp(from[i], GAMEDIR_REFUSED) != 0 ||
		    strcmp(gamedir_place(st, files, n, i),
		    GAMEDIR_REFUSED) != 0)
			continue; /* misplaced: said by verify_places */
		adjudicate_refused_reason(st, &files[i], buf, sizeof buf);
		want = verify_as_run(buf, files, n);
		wlen = strlen(want);
		rpath = util_malloc(strlen(files[i].path) +
		    sizeof GAMEDIR_REASON);
		sprintf(rpath, "%s%s", files[i].path, GAMEDIR_REASON);
		if (fileio_read(rpath, FILEIO_ORDERS_MAX, &have, &hlen,
		    &e) == -1) {
			verify_problem_err(vr, &e);
		} else {
			if (hlen != wlen + 1 || memcmp(have, want, wlen) != 0 ||
			    have[wlen] != '\n')
				verify_problem(vr, "%s: refused, but its reason "
				    "is not the replay's: '%s' (%s)",
				    files[i].path, want, rpath);
			free(have);
		}
		free(rpath);
		free(want);
	}
}

/* The entries of a run's directory are all known ones; they are left in
 * names (which is empty if the directory cannot be listed: returns -1). */
static int
verify_entries(struct verify_run *vr, const char *rundir,
    struct strlist *names_out)
{
	static const char *const known[] = { GAMEDIR_ORDERS, GAMEDIR_REFUSED,
		GAMEDIR_KEPT, GAMEDIR_NMR, GAMEDIR_STATE, "reports", NULL };
	struct gb_err e = { 0 };
	struct strlist names;

	memset(names_out, 0, sizeof *names_out);
	if (gamedir_list(rundir, 1, &names, &e) == -1) {
		verify_problem_err(vr, &e);
		return -1;
	}
	for (size_t i = 0; i < names.n; i++) {
		size_t k;
		for (k = 0; known[k] != NULL; k++)
			if (strcmp(names.v[i], known[k]) == 0)
				break;
		if (known[k] == NULL)
			verify_problem(vr, "%s/%s: not part of a run", rundir,
			    names.v[i]);
	}
	*names_out = names;
	return 0;
}

/* Is name among the entries listed (listed: the listing worked)?  If not
 * listed, -1: look. */
static int
verify_has(const struct strlist *names, int listed, const char *name)
{
	if (!listed)
		return -1;
	for (size_t i = 0; i < names->n; i++)
		if (strcmp(names->v[i], name) == 0)
			return 1;
	return 0;
}

/* Each file the archived state says was applied is archived in
 * orders/ (a clearer word than the state's differing bytes). */
static void
verify_listed(struct verify_run *vr, const struct state *after,
    const char *spath, const struct orders_file *files, const char **from,
    size_t n)
{
	for (size_t i = 0; i < after->napplied; i++) {
		const struct state_applied *a = &after->applied[i];
		int found = 0;
		for (size_t k = 0; k < n && !found; k++)
			found = strcmp(files[k].sha256, a->sha256) == 0 &&
			    strcmp(from[k], GAMEDIR_ORDERS) == 0;
		if (!found)
			verify_problem(vr, "%s: says the orders of %s for point "
			    "%lld (sha256 %.16s...) were applied, but no such "
			    "file is in %s/", spath, after->names[a->player],
			    a->turn, a->sha256, GAMEDIR_ORDERS);
	}
	for (size_t k = 0; k < n; k++) {
		int found = 0;
		if (strcmp(from[k], GAMEDIR_ORDERS) != 0)
			continue;
		for (size_t i = 0; i < after->napplied && !found; i++)
			found = strcmp(files[k].sha256,
			    after->applied[i].sha256) == 0;
		if (!found)
			verify_problem(vr, "%s: not among the files %s lists "
			    "as applied", files[k].path, spath);
	}
}

/* The archived state after a run, whose bytes (alen of them, read from
 * spath) hash to after_sha, parsed into after and checked against the
 * state before it (hashing to sha) and the files archived: 0, or -1 if
 * it cannot be parsed. */
static int
verify_after(struct verify_run *vr, const char *spath, const char *archived,
    size_t alen, const char *sha, struct state *after,
    const struct orders_file *files, const char **from, size_t n)
{
	struct gb_err e = { 0 };

	if (state_parse(after, archived, alen, spath, &e) == -1) {
		verify_problem_err(vr, &e);
		return -1;
	}
	if (!after->has_previous || strcmp(after->previous, sha) != 0)
		verify_problem(vr, "%s: its previous state is %.16s..., but the "
		    "state before it hashes to %.16s...", spath,
		    after->has_previous ? after->previous : "none", sha);
	verify_listed(vr, after, spath, files, from, n);
	return 0;
}

/* Replay run from before (the archived state before it, whose bytes hash
 * to sha; the replay changes it: the caller frees it).  *after gets the
 * archived state after it and its hash in after_sha; returns 0, or -1 if
 * that state cannot be read (the runs after it cannot be checked).  When
 * the replay writes the archived bytes, the replayed state is *after
 * (what parsing those bytes gives: the state's round trip, tested by
 * test_harness and the fuzz targets) and st is left empty; else the
 * archived bytes are parsed, so that each run is checked from the state
 * the archive says it started from. */
static int
verify_one(const char *dir, long long run, struct state *st,
    const char *sha, struct state *after, char *after_sha,
    struct verify_run *vr)
{
	static const char *const folders[] = { GAMEDIR_ORDERS, GAMEDIR_REFUSED,
		GAMEDIR_KEPT };
	struct gb_err e = { 0 };
	struct orders_file *files = NULL;
	const char **from = NULL;
	struct sbuf msgs;
	char *rundir = gamedir_path(dir, run, NULL);
	char *spath = gamedir_state_path(dir, run), *nmrpath, *bytes, *tmp;
	char *archived = NULL;
	struct strlist entries;
	struct evidence_run took;
	struct adjudicate_result res = { 0 };
	long long from_turn = st->turn;
	size_t n = 0, len, alen = 0;
	int nmr, r = 0, listed, same = 0;

	/* The run's listing also says which of nmr, refused/ and kept/ are
	 * there, rather than a failing open or lstat of each. */
	listed = verify_entries(vr, rundir, &entries) == 0;
	/* The archived state's bytes, to compare with the replay's. */
	if (fileio_read(spath, FILEIO_STATE_MAX, &archived, &alen, &e) == -1) {
		verify_problem_err(vr, &e);
		r = -1;
	} else {
		state_bytes_sha256(archived, alen, after_sha);
	}
	nmrpath = gamedir_path(rundir, 0, GAMEDIR_NMR);
	nmr = verify_has(&entries, listed, GAMEDIR_NMR) != 0 &&
	    fileio_read(nmrpath, 16, &tmp, &len, &e) == 0;
	if (nmr)
		free(tmp);
	free(nmrpath);
	for (size_t k = 0; k < 3; k++)
		verify_folder(vr, rundir, folders[k], verify_has(&entries,
		    listed, folders[k]), st, &files, &from, &n);
	strlist_free(&entries);
	if (n > 0)
		orders_sort(files, n);
	/* orders_sort moved the files: find each one's folder again. */
	for (size_t i = 0; i < n; i++) {
		const char *p = files[i].path + strlen(rundir) + 1;
		for (size_t k = 0; k < 3; k++)
			if (strncmp(p, folders[k], strlen(folders[k])) == 0 &&
			    p[strlen(folders[k])] == '/')
				from[i] = folders[k];
	}
	/* A file archived as used or kept that the replay refuses whole
	 * (a signature that does not verify): its reason first. */
	for (size_t i = 0; i < n; i++)
		if (!files[i].ok && strcmp(from[i], GAMEDIR_REFUSED) != 0)
			verify_problem_err(vr, &files[i].err);
	sbuf_init(&msgs);
	if (adjudicate_run_data(st, sha, files, n, nmr, &msgs, &res) == 0) {
		if (r == 0 && verify_after(vr, spath, archived, alen, sha,
		    after, files, from, n) == -1)
			r = -1;
		verify_problem(vr, "%s: nothing can be applied with the files "
		    "archived in %s/", rundir, GAMEDIR_ORDERS);
	} else {
		char hex[COMMIT_HEX + 1];

		/* run writes the marker only when it gave default orders:
		 * one the replay did not need was added. */
		if (nmr && res.ndefaults == 0)
			verify_problem(vr, "%s/%s: marks a run with default "
			    "orders, but the replay needed none", rundir,
			    GAMEDIR_NMR);
		/* A refused file edited, or its reason: named first, before
		 * the differences it makes in the state and reports. */
		verify_reasons(vr, st, files, from, n);
		bytes = state_write(st, &len);
		same = archived != NULL && len == alen &&
		    memcmp(bytes, archived, len) == 0;
		if (r == 0 && !same && verify_after(vr, spath, archived,
		    alen, sha, after, files, from, n) == -1)
			r = -1;
		/* The same bytes as the archived state's: the same hash. */
		if (same)
			memcpy(hex, after_sha, sizeof hex);
		else {
			if (archived == NULL)
				verify_bytes(vr, spath, bytes, len,
				    "state the replay makes");
			else
				verify_same(vr, spath, archived, alen, bytes,
				    len, "state the replay makes");
			state_bytes_sha256(bytes, len, hex);
		}
		free(bytes);
		took.from_turn = from_turn;
		took.files = files;
		took.n = n;
		verify_reports(vr, st, hex, rundir, &took);
		verify_places(vr, st, files, from, n);
	}
	sbuf_free(&msgs);
	adjudicate_result_free(&res);
	free(archived);
	for (size_t i = 0; i < n; i++)
		orders_free(&files[i]);
	free(files);
	free(from);
	if (r == 0 && same) {
		/* The replayed state is the archived one (its uid and seed
		 * too). */
		*after = *st;
		memset(st, 0, sizeof *st);
	} else if (r == 0) {
		verify_seed_commitment(st, after, spath, vr);
	}
	free(rundir);
	free(spath);
	return r;
}

/* The verdict of one run (or of the start, run 0): a line, or with
 * --json an object in runs: its turns before and after (-1: unknown) and
 * the signatures checked. */
static int
verify_print(long long run, const struct verify_run *vr, const char *ok,
    long long from, long long to, json_t *runs)
{
	char name[32];

	if (runs != NULL) {
		json_t *p = json_array();

		for (size_t i = 0; i < vr->problems.n; i++)
			json_array_append_new(p, report_json_str(vr->problems.v[i]));
		json_array_append_new(runs, json_pack("{s:I,s:b,s:o,s:o,s:I,"
		    "s:o}", "run", (json_int_t)run, "ok", vr->problems.n == 0,
		    "turn_before", from < 0 ? json_null() : json_integer(from),
		    "turn", to < 0 ? json_null() : json_integer(to),
		    "signatures", (json_int_t)vr->signatures, "problems", p));
		return vr->problems.n > 0;
	}
	if (run == 0)
		snprintf(name, sizeof name, "start");
	else
		snprintf(name, sizeof name, "run %04lld", run);
	if (vr->problems.n == 0) {
		printf("%s: ok: %s\n", name, ok);
		return 0;
	}
	printf("%s: FAILED: %s\n", name, vr->problems.v[0]);
	for (size_t i = 1; i < vr->problems.n; i++)
		printf("  and: %s\n", vr->problems.v[i]);
	return 1;
}

/* Verify the whole archive; returns the number of runs that failed (the
 * start counts as one), or -1 if the archive cannot be read at all. */
static int
verify_game(const char *dir, long long *nruns, size_t *nsigs, json_t *runs,
    long long *unchecked)
{
	struct gb_err e = { 0 };
	struct state cur, next;
	struct verify_run vr;
	char sha[2 * CRYPTO_SHA256_BYTES + 1], nsha[sizeof sha];
	char *path, line[128];
	int failed = 0;

	*nsigs = 0;
	if (gamedir_runs(dir, nruns, &e) == -1) {
		cmd_fail_err(0, &e);
		return -1;
	}
	path = gamedir_state_path(dir, 0);
	memset(&vr, 0, sizeof vr);
	if (gamedir_load(path, &cur, sha, &e) == -1) {
		cmd_fail_err(0, &e);
		free(path);
		return -1;
	}
	if (cur.has_previous)
		verify_problem(&vr, "%s: a start state has no previous state",
		    path);
	{
		char hex[COMMIT_HEX + 1];

		verify_setup(&vr, &cur, path);
		state_sha256(&cur, hex);
		verify_reports(&vr, &cur, hex, dir, NULL);
	}
	verify_seed_commitment(NULL, &cur, path, &vr);
	snprintf(line, sizeof line, "%s, the first reports", GAMEDIR_START);
	failed += verify_print(0, &vr, line, -1, cur.turn, runs);
	strlist_free(&vr.problems);
	free(path);
	for (long long run = 1; run <= *nruns; run++) {
		long long from = cur.turn;
		int r;

		memset(&vr, 0, sizeof vr);
		r = verify_one(dir, run, &cur, sha, &next, nsha, &vr);
		*nsigs += vr.signatures;
		if (r == 0)
			snprintf(line, sizeof line, "point %lld to %lld, %zu "
			    "orders files and signatures", from, next.turn,
			    vr.signatures);
		failed += verify_print(run, &vr, line, from, r == 0 ?
		    next.turn : -1, runs);
		strlist_free(&vr.problems);
		state_free(&cur);
		if (r == -1) {
			if (runs == NULL)
				printf("runs after %04lld: not checked\n", run);
			*unchecked = run;
			return failed + 1;
		}
		cur = next;
		memcpy(sha, nsha, sizeof sha);
	}
	state_free(&cur);
	return failed;
}

/* For --player: which archived report of player is the file at path. */
static int
verify_report(const char *dir, long long nruns, const char *player,
    const char *path, json_t *reports)
{
	struct gb_err e = { 0 };
	char *have, rel[64];
	size_t hlen;
	int found = 0;

	if (fileio_read(path, FILEIO_STATE_MAX, &have, &hlen, &e) == -1) {
		cmd_fail_err(0, &e);
		return 1;
	}
	/* The text report or its JSON twin, whichever the player kept. */
	snprintf(rel, sizeof rel, "reports/%s.%s", player,
	    hlen > 0 && have[0] == '{' ? "json" : "txt");
	for (long long run = 0; run <= nruns && !found; run++) {
		char *arch = gamedir_path(dir, run, rel), *want;
		size_t wlen;
		if (fileio_read(arch, FILEIO_STATE_MAX, &want, &wlen,
		    &e) == 0) {
			if (wlen == hlen && memcmp(want, have, hlen) == 0) {
				if (reports != NULL)
					json_array_append_new(reports,
					    json_pack("{s:o,s:b,s:I}", "path",
					    report_json_str(path), "ok", 1, "run",
					    (json_int_t)run));
				else
					printf("%s: ok: %s's report of %s\n",
					    path, player, run == 0 ?
					    "the start" : arch + strlen(dir) +
					    1);
				found = 1;
			}
			free(want);
		}
		free(arch);
	}
	if (!found && reports != NULL)
		json_array_append_new(reports, json_pack("{s:o,s:b,s:n}",
		    "path", report_json_str(path), "ok", 0, "run"));
	else if (!found)
		printf("%s: FAILED: not a report of %s in %s\n", path, player,
		    dir);
	free(have);
	return !found;
}

/* The --json document (formats/commands.schema.json) but its reports:
 * every run's verdict and the totals; ok if the archive verifies. */
static json_t *
verify_json(const char *dir, const char *player, long long nruns,
    size_t nsigs, int failed, long long unchecked, json_t *runs)
{
	return json_pack("{s:s,s:o,s:b,s:I,s:I,s:i,s:o,s:o,s:o}",
	    "format", VERIFY_JSON_FORMAT, "dir", report_json_str(dir),
	    "ok", failed == 0, "runs_total", (json_int_t)nruns,
	    "signatures", (json_int_t)nsigs, "failed", failed,
	    "unchecked_after", unchecked > 0 ? json_integer(unchecked) :
	    json_null(), "runs", runs,
	    "player", player != NULL ? report_json_str(player) : json_null());
}

int
cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "player", required_argument, NULL, 'p' },
		{ "json", no_argument, NULL, 'J' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *player = NULL, *dir;
	long long nruns, unchecked = 0;
	size_t nsigs;
	int c, failed, json = 0;
	json_t *runs = NULL, *reports = NULL, *root = NULL;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'p': player = optarg; break;
		case 'J': json = 1; break;
		case 'h':
			printf("usage: gunbai verify %s\n", CMD_VERIFY_USAGE);
			return EXIT_OK;
		default:
			fprintf(stderr, "gunbai: unknown option or missing "
			    "argument: '%s'\n", argv[optind - 1]);
			fprintf(stderr, "usage: gunbai verify %s\n",
			    CMD_VERIFY_USAGE);
			return EXIT_USAGE;
		}
	}
	if (argc - optind < 1 || (player == NULL) != (argc - optind == 1)) {
		fprintf(stderr, "usage: gunbai verify %s\n", CMD_VERIFY_USAGE);
		return EXIT_USAGE;
	}
	if (player != NULL && !util_valid_name(player))
		return cmd_fail(EXIT_USAGE, "invalid player name '%s'", player);
	dir = argv[optind];
	if (json) {
		json_set_alloc_funcs(util_malloc, free);
		runs = json_array();
		reports = json_array();
	}
	if ((failed = verify_game(dir, &nruns, &nsigs, runs,
	    &unchecked)) == -1) {
		json_decref(runs);
		json_decref(reports);
		return EXIT_INPUT;
	}
	if (!json)
		printf("%s: %lld runs, %zu signatures checked: %s\n", dir,
		    nruns, nsigs, failed ? "FAILED" : "ok");
	if (json)
		root = verify_json(dir, player, nruns, nsigs, failed,
		    unchecked, runs);
	if (player != NULL)
		for (int i = optind + 1; i < argc; i++)
			failed += verify_report(dir, nruns, player, argv[i],
			    reports);
	if (json) {
		json_object_set_new(root, "reports", reports);
		report_json_print(root);
	}
	return failed ? EXIT_REFUSED : EXIT_OK;
}
