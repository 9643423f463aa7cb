/* cmd_run.c - gunbai run GAMEDIR: one deadline of a game directory.
 *
 * 1. finish the last run if it was cut short (its inbox files removed);
 * 2. read the inbox: each orders file with its .sig, byte for byte, once;
 * 3. adjudicate the newest state with them (adjudicate.c, as adjudicate);
 * 4. stage runs/N+1: the files used, refused (with reasons) and kept (a
 *    copy), the state and the reports; rename it into place;
 * 5. only then remove the used and refused files from the inbox.
 * A crash before 4 ends leaves no run and the inbox as it was; after, step
 * 1 of the next run finishes 5.  Files kept for a later point stay. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "turn/adjudicate.h"
#include "archive/cmd.h"
#include "base/escape.h"
#include "archive/evidence.h"
#include "archive/gamedir.h"
#include "archive/run_json.h"

/* One orders file of the inbox, read once. */
struct run_file {
	char *name;
	char *buf, *sig;
	size_t len, siglen;
	char *shown;     /* "inbox/NAME", as messages give it */
	const char *to;  /* GAMEDIR_ORDERS, _REFUSED, _KEPT, or NULL */
	char *reason;    /* why refused */
};

static void
run_files_free(struct run_file *rf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rf[i].name);
		free(rf[i].buf);
		free(rf[i].sig);
		free(rf[i].shown);
		free(rf[i].reason);
	}
	free(rf);
}

/* Read path whole if it is a regular file (not a link); 0 or -1. */
static int
run_read(const char *path, size_t cap, char **buf, size_t *len,
    struct gb_err *e)
{
	struct stat sb;

	if (lstat(path, &sb) == -1)
		return err_set(e, 0, 0, "cannot stat '%s': %s", path,
		    strerror(errno));
	if (!S_ISREG(sb.st_mode))
		return err_set(e, 0, 0, "'%s' is not a regular file", path);
	return fileio_read(path, cap, buf, len, e);
}

/* Step 1: inbox files whose copy is in run (orders/ or refused/) are
 * what that run used: a run cut short after its rename left them. */
static int
run_finish(const char *dir, long long run)
{
	static const char *const folders[] = { GAMEDIR_ORDERS,
		GAMEDIR_REFUSED };
	struct gb_err e = { 0 };
	struct strlist names;
	char *inbox = gamedir_path(dir, 0, "inbox");
	int removed = 0, r = 0;

	if (run == 0 || gamedir_list(inbox, 0, &names, &e) == -1) {
		free(inbox);
		return run == 0 ? 0 : cmd_fail_err(-1, &e);
	}
	for (size_t i = 0; i < names.n; i++) {
		char *in = gamedir_path(inbox, 0, names.v[i]);
		char *buf;
		size_t len;
		if (fileio_read(in, FILEIO_ORDERS_MAX, &buf, &len, &e) == 0) {
			for (size_t k = 0; k < 2; k++) {
				struct sbuf rel;
				char *there;
				sbuf_init(&rel);
				sbuf_printf(&rel, "%s/%s", folders[k],
				    names.v[i]);
				there = gamedir_path(dir, run, rel.p);
				sbuf_free(&rel);
				if (fileio_same(there, buf, len)) {
					if (unlink(in) == -1)
						r = cmd_fail(-1, "cannot remove "
						    "'%s': %s", in,
						    strerror(errno));
					else
						removed++;
					k = 2;
				}
				free(there);
			}
			free(buf);
		}
		free(in);
	}
	if (removed > 0) {
		if (fileio_sync(inbox) == -1)
			r = cmd_fail(-1, "cannot flush directory '%s': %s",
			    inbox, strerror(errno));
		fprintf(stderr, "gunbai: run %04lld was cut short: %d of its "
		    "files removed from the inbox now\n", run, removed);
	}
	strlist_free(&names);
	free(inbox);
	return r;
}

/* Step 2: the orders files of the inbox with their signatures.  Files
 * that cannot be taken stay in the inbox, with a word on stderr. */
static struct run_file *
run_inbox(const char *dir, size_t *n, int *bad)
{
	struct gb_err e = { 0 };
	struct strlist names;
	struct run_file *rf;
	char *inbox = gamedir_path(dir, 0, "inbox");

	*n = 0;
	*bad = 0;
	if (gamedir_list(inbox, 0, &names, &e) == -1) {
		cmd_fail_err(0, &e);
		free(inbox);
		*bad = 1;
		return NULL;
	}
	rf = util_calloc(names.n + 1, sizeof *rf);
	for (size_t i = 0; i < names.n; i++) {
		const char *name = names.v[i];
		struct run_file *f = &rf[*n];
		char *path, *sigpath, shown[300];
		size_t nl = strlen(name);

		if (nl > 4 && strcmp(name + nl - 4, ".sig") == 0)
			continue;
		escape_copy(name, shown, sizeof shown);
		if (!gamedir_valid_name(name)) {
			fprintf(stderr, "gunbai: left in the inbox: '%s': "
			    "not a name an orders file may have in the "
			    "archive (letters, digits, '.', '_', '-')\n",
			    shown);
			continue;
		}
		path = gamedir_path(inbox, 0, name);
		sigpath = gamedir_path(inbox, 0, name);
		sigpath = util_realloc(sigpath, strlen(sigpath) + 5);
		strcat(sigpath, ".sig");
		if (run_read(path, FILEIO_ORDERS_MAX, &f->buf, &f->len,
		    &e) == -1 || run_read(sigpath, FILEIO_SIG_MAX, &f->sig,
		    &f->siglen, &e) == -1) {
			char msg[1200];
			err_format(&e, msg, sizeof msg);
			fprintf(stderr, "gunbai: left in the inbox: %s\n",
			    msg);
			free(f->buf);
			f->buf = NULL;
		} else {
			/* Named from the game directory, so that what the
			 * archive records (a refusal's reason) is the same
			 * wherever the directory lives. */
			f->name = util_strdup(name);
			f->shown = gamedir_path("inbox", 0, name);
			(*n)++;
		}
		free(path);
		free(sigpath);
	}
	strlist_free(&names);
	free(inbox);
	return rf;
}

static struct run_file *
run_file_of(struct run_file *rf, size_t n, const char *shown)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(rf[i].shown, shown) == 0)
			return &rf[i];
	return NULL;
}

/* Where each file goes after the run made st (formats/archive.md). */
static void
run_sort_out(const struct state *st, const struct orders_file *files,
    size_t n, struct run_file *rf, size_t nrf)
{
	for (size_t i = 0; i < n; i++) {
		const struct orders_file *f = &files[i];
		struct run_file *r = run_file_of(rf, nrf, f->path);
		char buf[1200];

		if (r == NULL)
			continue;
		r->to = gamedir_place(st, files, n, i);
		if (strcmp(r->to, GAMEDIR_REFUSED) != 0)
			continue;
		adjudicate_refused_reason(st, f, buf, sizeof buf);
		r->reason = util_strdup(buf);
	}
}

/* Step 4: stage runs/N with the files, the state and the reports. */
static int
run_stage(const char *dir, long long run, const struct state *st,
    struct run_file *rf, size_t n, int nmr, struct crypto_key *key,
    const struct evidence_run *took)
{
	static const char *const folders[] = { GAMEDIR_ORDERS,
		GAMEDIR_REFUSED, GAMEDIR_KEPT };
	struct fileio_stage s;
	struct gb_err e = { 0 };
	char *out = gamedir_path(dir, run, NULL);
	int r = 0;

	if (fileio_stage_begin(&s, out, &e) == -1)
		r = -1;
	/* orders/ always; refused/ and kept/ when they hold a file. */
	for (size_t k = 0; k < 3 && r == 0; k++) {
		int used = k == 0;
		for (size_t i = 0; i < n; i++)
			used |= rf[i].to != NULL &&
			    strcmp(rf[i].to, folders[k]) == 0;
		if (used)
			r = fileio_stage_mkdir(&s, folders[k], &e);
	}
	for (size_t i = 0; i < n && r == 0; i++) {
		struct sbuf rel;
		if (rf[i].to == NULL)
			continue;
		sbuf_init(&rel);
		sbuf_printf(&rel, "%s/%s", rf[i].to, rf[i].name);
		r = fileio_stage_write(&s, rel.p, rf[i].buf, rf[i].len, &e);
		sbuf_puts(&rel, ".sig");
		if (r == 0)
			r = fileio_stage_write(&s, rel.p, rf[i].sig,
			    rf[i].siglen, &e);
		if (r == 0 && rf[i].reason != NULL) {
			struct sbuf why;
			sbuf_init(&why);
			sbuf_printf(&why, "%s\n", rf[i].reason);
			rel.len -= 4;
			rel.p[rel.len] = '\0';
			sbuf_puts(&rel, GAMEDIR_REASON);
			r = fileio_stage_write(&s, rel.p, why.p, why.len, &e);
			sbuf_free(&why);
		}
		sbuf_free(&rel);
	}
	if (r == 0 && nmr)
		r = fileio_stage_write(&s, GAMEDIR_NMR, "nmr\n", 4, &e);
	if (r == 0)
		r = gamedir_stage_outputs(&s, st, GAMEDIR_STATE, key, took,
		    &e);
	if (r == 0)
		r = fileio_stage_commit(&s, &e);
	fileio_stage_end(&s);
	if (r != 0)
		cmd_fail_err(0, &e);
	free(out);
	return r;
}

/* Step 5: the files the run took leave the inbox. */
static int
run_clear_inbox(const char *dir, const struct run_file *rf, size_t n)
{
	char *inbox = gamedir_path(dir, 0, "inbox");
	int r = 0;

	for (size_t i = 0; i < n; i++) {
		char *p;
		if (rf[i].to == NULL || strcmp(rf[i].to, GAMEDIR_KEPT) == 0)
			continue;
		p = gamedir_path(inbox, 0, rf[i].name);
		if (unlink(p) == -1 && errno != ENOENT)
			r = cmd_fail(-1, "cannot remove '%s': %s", p,
			    strerror(errno));
		p = util_realloc(p, strlen(p) + 5);
		strcat(p, ".sig");
		if (unlink(p) == -1 && errno != ENOENT)
			r = cmd_fail(-1, "cannot remove '%s': %s", p,
			    strerror(errno));
		free(p);
	}
	if (fileio_sync(inbox) == -1)
		r = cmd_fail(-1, "cannot flush directory '%s': %s", inbox,
		    strerror(errno));
	free(inbox);
	return r;
}

/* A run that applies nothing writes nothing, and the files it refuses
 * (whole, or from a player who owes nothing at the point it stops at)
 * stay in the inbox until a run applies (which archives them in
 * its refused/ and tells their senders in its reports).  Each is said
 * once on standard output: GAMEDIR/told records it (if record: a run
 * that applies nothing), and the runs after leave it unsaid, the one
 * that applies included, which removes the record.  Drops from msgs the
 * lines of the files told before.  A record that cannot be written only
 * means the refusal is said again.  point: the one the run started at. */
static void
run_told(const char *dir, const struct state *st, long long point,
    const struct orders_file *files, size_t n, const struct run_file *rf,
    int record, struct sbuf *msgs)
{
	char *path = gamedir_path(dir, 0, GAMEDIR_TOLD), *log = NULL;
	unsigned char *told = util_calloc(n + 1, 1);
	struct gb_err e = { 0 };
	struct sbuf add, kept;
	size_t loglen = 0;

	if (access(path, F_OK) == 0 && fileio_read(path, FILEIO_STATE_MAX,
	    &log, &loglen, &e) == -1)
		log = NULL;
	sbuf_init(&add);
	sbuf_init(&kept);
	sbuf_puts(&kept, "");
	for (size_t k = 0; k < n; k++) {
		struct sbuf line;

		if (files[k].copy || strcmp(gamedir_place(st, files, n, k),
		    GAMEDIR_REFUSED) != 0)
			continue;
		sbuf_init(&line);
		sbuf_printf(&line, "refused %lld %s %s\n", point,
		    rf[files[k].arg].name, files[k].sha256);
		for (const char *p = log; p != NULL && *p != '\0' &&
		    !told[k];) {
			told[k] = strncmp(p, line.p, line.len) == 0;
			p = strchr(p, '\n');
			p = p != NULL ? p + 1 : NULL;
		}
		if (!told[k])
			sbuf_add(&add, line.p, line.len);
		sbuf_free(&line);
	}
	if (record && add.len > 0 &&
	    fileio_append(path, add.p, add.len) == -1)
		fprintf(stderr, "gunbai: %s: %s: refusals not recorded; said "
		    "again next time\n", path, strerror(errno));
	/* The lines of the files told before, left out. */
	for (const char *p = msgs->p; p != NULL && *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) + 1 : strlen(p);
		int drop = 0;

		for (size_t k = 0; k < n && !drop; k++) {
			size_t pl = strlen(files[k].path);
			drop = told[k] && len > pl &&
			    strncmp(p, files[k].path, pl) == 0 && p[pl] == ':';
		}
		if (!drop)
			sbuf_add(&kept, p, len);
		p += len;
	}
	sbuf_free(msgs);
	*msgs = kept;
	sbuf_free(&add);
	free(told);
	free(log);
	free(path);
}

/* After a run that applied: the record of refusals told is done with
 * (their files are archived in the run's refused/). */
static void
run_told_clear(const char *dir)
{
	char *path = gamedir_path(dir, 0, GAMEDIR_TOLD);

	if (unlink(path) == -1 && errno != ENOENT)
		fprintf(stderr, "gunbai: cannot remove '%s': %s\n", path,
		    strerror(errno));
	free(path);
}

/* The --json document of a run (run_json.h); run is 0 if nothing was
 * written. */
static void
cmd_run_json(const struct state *st, const char *dir, long long run,
    long long from, int applied, int nmr, const struct orders_file *files,
    size_t n, const struct adjudicate_result *res)
{
	struct run_json r = { .format = RUN_JSON_FORMAT, .run = run,
		.from = from, .applied = applied, .nmr = nmr, .files = files,
		.n = n, .result = res };
	char *out = run > 0 ? gamedir_path(dir, run, NULL) : NULL, *bytes;
	size_t len;

	r.dir = out;
	bytes = run_json(st, &r, &len);
	fwrite(bytes, 1, len, stdout);
	free(bytes);
	free(out);
}

static int
run_game_locked(const char *dir, int nmr, int json, const char *keypath,
    int mailed)
{
	struct crypto_key *key = NULL;
	struct evidence_run took;
	struct gb_err e = { 0 };
	struct orders_file *files;
	struct run_file *rf;
	struct state st;
	struct sbuf msgs;
	char sha[2 * CRYPTO_SHA256_BYTES + 1], *path;
	struct adjudicate_result res = { 0 };
	long long run, from;
	size_t n;
	int bad, applied, status = EXIT_OK;

	if (gamedir_runs(dir, &run, &e) == -1)
		return cmd_fail_err(EXIT_INPUT, &e);
	path = gamedir_state_path(dir, run);
	if (gamedir_load(path, &st, sha, &e) == -1) {
		free(path);
		return cmd_fail_err(EXIT_INPUT, &e);
	}
	if (evidence_key_load(&st, keypath, &key, &e) == -1) {
		free(path);
		state_free(&st);
		return cmd_fail_err(EXIT_USAGE, &e);
	}
	if (run_finish(dir, run) == -1) {
		free(path);
		crypto_key_free(key);
		state_free(&st);
		return EXIT_OUTPUT;
	}
	/* What a killed command left (temporary files, a staged run): once
	 * old enough to be nobody's at work, removed. */
	{
		size_t swept = gamedir_sweep(dir, (long long)time(NULL));

		if (swept > 0)
			fprintf(stderr, "gunbai: removed %zu temporary "
			    "file%s left by a killed command\n", swept,
			    swept == 1 ? "" : "s");
	}
	if (st.game->outcome(st.g).finished) {
		cmd_fail(EXIT_INPUT, "%s: the game is over", path);
		free(path);
		crypto_key_free(key);
		state_free(&st);
		return EXIT_INPUT;
	}
	free(path);
	rf = run_inbox(dir, &n, &bad);
	if (bad) {
		crypto_key_free(key);
		state_free(&st);
		return EXIT_INPUT;
	}
	files = util_calloc(n + 1, sizeof *files);
	for (size_t i = 0; i < n; i++) {
		orders_read_mem(&files[i], rf[i].shown, rf[i].buf, rf[i].len,
		    rf[i].sig, rf[i].siglen, &st);
		files[i].arg = i; /* the inbox's order (--json) */
	}
	orders_sort(files, n);
	sbuf_init(&msgs);
	from = st.turn;
	applied = adjudicate_run_data(&st, sha, files, n, nmr, &msgs, &res);
	if (!json)
		run_told(dir, &st, from, files, n, rf, applied == 0, &msgs);
	/* Order text is the players': through the one escaping rule, as
	 * check prints it, so that no bidi or invisible character in an
	 * order can drive the terminal or hide what follows. */
	if (!json) {
		struct sbuf esc;

		sbuf_init(&esc);
		escape_add(&esc, msgs.p ? msgs.p : "", msgs.len, ESCAPE_LINES);
		fwrite(esc.p ? esc.p : "", 1, esc.len, stdout);
		sbuf_free(&esc);
	}
	if (applied == 0) {
		status = cmd_fail(EXIT_WAITING, "nothing applied: waiting for "
		    "orders; nothing written");
	} else {
		run_sort_out(&st, files, n, rf, n);
		took.from_turn = from;
		took.files = files;
		took.n = n;
		/* The nmr marker only where default orders were given:
		 * verify refuses one the replay did not need. */
		if (run_stage(dir, run + 1, &st, rf, n, nmr &&
		    res.ndefaults > 0, key, &took) == -1)
			status = EXIT_OUTPUT;
		else if (run_clear_inbox(dir, rf, n) == -1)
			status = EXIT_OUTPUT;
		else
			run_told_clear(dir);
		if (status == EXIT_OK && !json) {
			struct sbuf at;

			sbuf_init(&at);
			state_point(&st, &at);
			printf("wrote %s/runs/%04lld: %s %s", dir, run + 1,
			    st.game->outcome(st.g).finished ? "the game is" :
			    "now at", at.p);
			if (mailed)
				printf("; its mail is written and sent by this "
				    "tick\n");
			else
				printf("; send each player %s/runs/%04lld/"
				    "reports/NAME.txt\n", dir, run + 1);
			sbuf_free(&at);
		}
	}
	if (json && status != EXIT_OUTPUT)
		cmd_run_json(&st, dir, applied ? run + 1 : 0, from, applied, nmr,
		    files, n, &res);
	adjudicate_result_free(&res);
	sbuf_free(&msgs);
	for (size_t i = 0; i < n; i++)
		orders_free(&files[i]);
	free(files);
	run_files_free(rf, n);
	crypto_key_free(key);
	state_free(&st);
	return status;
}

/* One run, holding the game directory's lock from reading the newest
 * state to clearing the inbox: a mail-in at the same time files against
 * the state before this run (and the run takes the file) or the state it
 * made, never against one while it is being replaced. */
static int
run_game(const char *dir, int nmr, int json, const char *keypath, int mailed)
{
	struct gb_err e = { 0 };
	int fd, status;

	if ((fd = gamedir_lock(dir, &e)) == -1)
		return cmd_fail_err(EXIT_INPUT, &e);
	status = run_game_locked(dir, nmr, json, keypath, mailed);
	gamedir_unlock(fd);
	return status;
}

int
cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "nmr", no_argument, NULL, 'n' },
		{ "json", no_argument, NULL, 'J' },
		{ "key", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *key = NULL;
	int c, nmr = 0, json = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'n': nmr = 1; break;
		case 'J': json = 1; break;
		case 'k': key = optarg; break;
		case 'h':
			printf("usage: gunbai run %s\n", CMD_RUN_USAGE);
			return EXIT_OK;
		default:
			fprintf(stderr, "gunbai: unknown option or missing "
			    "argument: '%s'\n", argv[optind - 1]);
			fprintf(stderr, "usage: gunbai run %s\n",
			    CMD_RUN_USAGE);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: gunbai run %s\n", CMD_RUN_USAGE);
		return EXIT_USAGE;
	}
	return run_game(argv[optind], nmr, json, key, 0);
}

int
cmd_run_mailed(const char *dir, int nmr, const char *keypath)
{
	return run_game(dir, nmr, 0, keypath, 1);
}
