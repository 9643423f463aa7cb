/* cmd_seed.c - `gunbai check-seed REPORT PUBLIC-REPORT` (cmd_seed.h):
 * the seed revealed at the end against the commitment of a player's
 * first report, the uid derived from them and the setup record, and the
 * first report made again from the seed (formats/evidence.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "archive/cmd_seed.h"
#include "archive/evidence.h"
#include "turn/commit.h"
#include "turn/setup.h"
#include "base/fileio.h"
#include "report/report.h"

/* The Evidence values of one report (text or its JSON twin); "" when
 * absent. */
struct cmd_seed_ev {
	char uid[COMMIT_UID_HEX + 1];
	char commit[COMMIT_HEX + 1];
	char seed[COMMIT_HEX + 1];
	char *setup; /* the setup record, or NULL */
	char *text;  /* the whole file */
	size_t len;
	json_t *json; /* the JSON twin, parsed; NULL for text */
	int first;    /* a first report: its `from` is none */
};

/* Copy the value of the line starting with label (the first one after
 * the "Evidence" heading) into out, if it is at most cap - 1 bytes. */
static void
cmd_seed_value(const char *text, const char *label, char *out, size_t cap)
{
	const char *p = strstr(text, "\nEvidence\n");
	size_t n = strlen(label);

	out[0] = '\0';
	while (p != NULL && *p != '\0') {
		const char *nl;
		size_t len;

		p += *p == '\n';
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len > n && strncmp(p, label, n) == 0 && len - n < cap) {
			memcpy(out, p + n, len - n);
			out[len - n] = '\0';
			return;
		}
		p = nl;
	}
}

/* The setup lines of a text report's Evidence, joined: NULL if none. */
static char *
cmd_seed_setup(const char *text)
{
	const char *p = strstr(text, "\nEvidence\n");
	char *rec;

	if (p == NULL)
		return NULL;
	rec = util_uncut(p, strlen(p), REPORT_EV_SETUP);
	if (*rec == '\0') {
		free(rec);
		return NULL;
	}
	return rec;
}

static void
cmd_seed_json_value(json_t *ev, const char *key, char *out, size_t cap)
{
	json_t *v = json_object_get(ev, key);

	out[0] = '\0';
	if (json_is_string(v) && json_string_length(v) < cap)
		memcpy(out, json_string_value(v), json_string_length(v) + 1);
}

static void
cmd_seed_free(struct cmd_seed_ev *ev)
{
	free(ev->setup);
	free(ev->text);
	json_decref(ev->json);
}

static int
cmd_seed_read(const char *path, struct cmd_seed_ev *ev)
{
	struct gb_err e = { 0 };
	char buf[1200];

	memset(ev, 0, sizeof *ev);
	if (fileio_read(path, FILEIO_STATE_MAX, &ev->text, &ev->len,
	    &e) == -1) {
		err_format(&e, buf, sizeof buf);
		fprintf(stderr, "gunbai: %s\n", buf);
		return -1;
	}
	if (ev->len > 0 && ev->text[0] == '{') {
		json_error_t je;
		json_t *o;

		ev->json = json_loadb(ev->text, ev->len, 0, &je);
		o = json_object_get(ev->json, "evidence");
		cmd_seed_json_value(o, "uid", ev->uid, sizeof ev->uid);
		cmd_seed_json_value(o, "commit", ev->commit, sizeof ev->commit);
		cmd_seed_json_value(o, "seed", ev->seed, sizeof ev->seed);
		ev->first = json_is_null(json_object_get(o, "from_sha256"));
		if (json_is_string(json_object_get(o, "setup")))
			ev->setup = util_strdup(json_string_value(
			    json_object_get(o, "setup")));
	} else {
		cmd_seed_value(ev->text, REPORT_EV_UID, ev->uid,
		    sizeof ev->uid);
		cmd_seed_value(ev->text, REPORT_EV_COMMIT, ev->commit,
		    sizeof ev->commit);
		cmd_seed_value(ev->text, REPORT_EV_SEED, ev->seed,
		    sizeof ev->seed);
		ev->setup = cmd_seed_setup(ev->text);
		{
			char from[COMMIT_HEX + 1];

			cmd_seed_value(ev->text, REPORT_EV_FROM, from,
			    sizeof from);
			ev->first = strcmp(from, "none") == 0;
		}
	}
	if (ev->uid[0] == '\0' || ev->commit[0] == '\0') {
		fprintf(stderr, "gunbai: %s: no 'uid' and 'commit' in an "
		    "Evidence section: not a gunbai report\n", path);
		cmd_seed_free(ev);
		return -1;
	}
	return 0;
}

/* A text report without the organiser's signed block (made with the
 * organiser's key, which check-seed does not have).  Caller frees. */
static char *
cmd_seed_strip(const char *text, size_t len)
{
	const char *sig = strstr(text, EVIDENCE_PREAMBLE);
	struct sbuf b;

	/* The block follows a blank line: the report is what is before
	 * it. */
	if (sig != NULL)
		len = (size_t)(sig - text);
	sbuf_init(&b);
	sbuf_add(&b, text, len);
	if (b.p == NULL)
		sbuf_puts(&b, "");
	return sbuf_take(&b);
}

/* The same for the JSON twin: its "signed" removed. */
static void
cmd_seed_strip_json(json_t *j)
{
	json_object_del(j, EVIDENCE_JSON_KEY);
}

/* Is the report in ev (a player's first report) one of the reports of
 * the start st, its `state` (the start's hash) too?  The player's name,
 * or NULL. */
static const char *
cmd_seed_same_start(const struct state *st, struct cmd_seed_ev *ev)
{
	struct report_shared shared = { 0 };
	char hex[COMMIT_HEX + 1];
	const char *who = NULL;
	char *have = ev->json == NULL ? cmd_seed_strip(ev->text, ev->len) :
	    NULL;

	if (ev->json != NULL)
		cmd_seed_strip_json(ev->json);
	state_sha256(st, hex);
	for (int p = -1; p < st->nplayers && who == NULL; p++) {
		char *out[REPORT_KINDS];
		size_t len[REPORT_KINDS];

		report_make_all(st, hex, p, &shared, out, len);
		if (ev->json != NULL) {
			json_t *j = json_loadb(out[REPORT_JSON],
			    len[REPORT_JSON], 0, NULL);
			cmd_seed_strip_json(j);
			if (json_equal(j, ev->json))
				who = p < 0 ? "public" : st->names[p];
			json_decref(j);
		} else {
			char *want = cmd_seed_strip(out[REPORT_TEXT],
			    len[REPORT_TEXT]);
			if (strcmp(want, have) == 0)
				who = p < 0 ? "public" : st->names[p];
			free(want);
		}
		for (int k = 0; k < REPORT_KINDS; k++)
			free(out[k]);
	}
	report_shared_free(&shared);
	free(have);
	return who;
}

/* The hidden part of the deal (a deck's order, cards no report shows):
 * the first report's signed `start` against the start st made again.
 * 0, or EXIT_REFUSED (proven) or EXIT_UNFIT after saying why. */
static int
cmd_seed_start_check(const struct state *st, struct cmd_seed_ev *first,
    const char *fpath)
{
	struct gb_err e = { 0 };
	uint8_t sig[CRYPTO_SIG_BYTES];
	char hex[COMMIT_HEX + 1], have[COMMIT_HEX + 1], buf[1200], *text;
	char state[COMMIT_HEX + 1];
	int r = evidence_find(first->text, first->len, &text, sig, &e);

	if (r == -1) {
		err_format(&e, buf, sizeof buf);
		printf("%s: %s\n", fpath, buf);
		return EXIT_UNFIT;
	}
	if (r == 0 || st->organiser == NULL) {
		free(r == 1 ? text : NULL);
		printf("%s is not signed by an organiser: what no report "
		    "shows of the start (a deck's order, hidden cards) is not "
		    "checked\n", fpath);
		return 0;
	}
	if (crypto_verify(st->organiser, text, strlen(text), sig, &e) != 1) {
		free(text);
		printf("%s: the organiser's signature does not verify: the "
		    "start it names is not the organiser's word\n", fpath);
		return EXIT_UNFIT;
	}
	evidence_field(text, "start", have, sizeof have);
	evidence_field(text, "state", state, sizeof state);
	free(text);
	state_sha256(st, hex);
	if (have[0] == '\0') {
		/* Not proof (an older report's text had none), but not
		 * checked: a start left out must not pass. */
		printf("%s: the organiser's signed text names no start: what "
		    "the report does not show of the start is not checked\n",
		    fpath);
		return EXIT_UNFIT;
	}
	/* The first report's `state` is the start's hash, as its `start`
	 * is (the hash leaves the addresses out): the chain the next
	 * reports continue starts from it. */
	if (strcmp(have, hex) != 0 || strcmp(state, hex) != 0) {
		printf("%s: PROVEN: a stacked setup: the organiser signed the "
		    "start %s (state %s), but the seed and the setup record "
		    "deal the start %s (formats/evidence.md)\n", fpath, have,
		    state, hex);
		return EXIT_REFUSED;
	}
	printf("%s: the organiser signed the start the seed deals, what no "
	    "report shows of it too (start %.16s...)\n", fpath, hex);
	return 0;
}

/* The setup made again from the record and the seed: the uid derived,
 * and the first report what it deals.  0, or after saying why mis (what
 * a mismatch proves: EXIT_REFUSED when the organiser signed the
 * reports, EXIT_UNFIT when nobody did) or EXIT_UNFIT. */
static int
cmd_seed_setup_check(struct cmd_seed_ev *first, const char *fpath,
    const char *record, const char *seed, int mis)
{
	struct gb_err e = { 0 };
	struct state st;
	char uid[COMMIT_UID_HEX + 1], buf[1200];
	uint8_t raw[RNG_SEED_BYTES];
	const char *who;
	int r;

	memset(&st, 0, sizeof st);
	if ((util_unhex(seed, raw, sizeof raw) == -1 ?
	    err_set(&e, 0, 0, "the seed is not 64 hex digits") :
	    setup_parse_record(&st, record, raw, &e)) == -1 ||
	    setup_make(&st, &e) == -1) {
		err_format(&e, buf, sizeof buf);
		printf("%s: the setup cannot be made again: %s\n", fpath, buf);
		if (st.game != NULL)
			state_free(&st);
		return EXIT_UNFIT;
	}
	util_hex(st.uid, sizeof st.uid, uid);
	if (strcmp(uid, first->uid) != 0) {
		printf("%s: %sthe uid %s is not the one derived from the "
		    "commitment and the setup record (%s)\n", fpath,
		    mis == EXIT_REFUSED ? "PROVEN: " : "", first->uid, uid);
		state_free(&st);
		return mis;
	}
	who = cmd_seed_same_start(&st, first);
	if (who == NULL) {
		printf("%s: %sa stacked setup: not a first report of the setup "
		    "the seed deals (the start was not made from this seed)\n",
		    fpath, mis == EXIT_REFUSED ? "PROVEN: " : "");
		state_free(&st);
		return mis;
	}
	printf("the uid %s is derived from the commitment and the setup "
	    "record, and %s is %s's first report of the setup the seed "
	    "deals, as far as it shows\n", uid, fpath, who);
	r = cmd_seed_start_check(&st, first, fpath);
	state_free(&st);
	return r;
}

/* The organiser's key the setup record names (caller frees), or NULL
 * for a game without one or no record. */
static char *
cmd_seed_key(const char *record)
{
	struct gb_err e = { 0 };
	struct state st;
	char *key;

	if (record == NULL || setup_parse_record(&st, record, NULL, &e) == -1)
		return NULL;
	key = st.organiser != NULL ? util_strdup(st.organiser) : NULL;
	state_free(&st);
	return key;
}

/* Is the report ev the organiser's whole word under key: its signed
 * block verifies, the report is the one the block names by its hash
 * (so every line of it, the seed and the record too, is signed), and
 * the block names the uid and commitment the report shows?  Says why
 * not. */
static int
cmd_seed_signed(const struct cmd_seed_ev *ev, const char *path,
    const char *key)
{
	struct gb_err e = { 0 };
	uint8_t sig[CRYPTO_SIG_BYTES];
	char uid[COMMIT_UID_HEX + 1], commit[COMMIT_HEX + 1], *text;
	int r = evidence_find(ev->text, ev->len, &text, sig, &e), ok;

	if (r != 1) {
		printf("%s: not signed by the organiser the game names: not "
		    "the organiser's word, nothing is judged\n", path);
		return 0;
	}
	ok = crypto_verify(key, text, strlen(text), sig, &e) == 1;
	if (ok && strncmp(text, EVIDENCE_REPORT "\n",
	    strlen(EVIDENCE_REPORT) + 1) != 0) {
		/* Version 2's `state` covered the mail addresses: the start
		 * the chain continues cannot be made again from it. */
		printf("%s: its signed text is not '%s' (an older gunbai's): "
		    "nothing is judged\n", path, EVIDENCE_REPORT);
		ok = 0;
	} else if (!ok)
		printf("%s: the organiser's signature does not verify: not "
		    "the organiser's word, nothing is judged\n", path);
	else if (!(ok = evidence_body_ok(ev->text, ev->len, text)))
		printf("%s: changed since the organiser signed it (its body "
		    "is not the one the signed text names): nothing is "
		    "judged\n", path);
	evidence_field(text, "uid", uid, sizeof uid);
	evidence_field(text, "commit", commit, sizeof commit);
	if (ok && (strcmp(uid, ev->uid) != 0 || strcmp(commit, ev->commit) !=
	    0)) {
		printf("%s: its signed text names another uid or commitment "
		    "than its Evidence section: nothing is judged\n", path);
		ok = 0;
	}
	free(text);
	return ok;
}

int
cmd_check_seed(int argc, char **argv)
{
	struct cmd_seed_ev first, last;
	struct gb_err e = { 0 };
	char buf[1200], *key;
	const char *record;
	int status = EXIT_OK, mis = EXIT_REFUSED;

	if (argc == 2 && (strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0)) {
		printf("usage: gunbai check-seed %s\n", CMD_SEED_USAGE);
		return EXIT_OK;
	}
	if (argc != 3 || argv[1][0] == '-' || argv[2][0] == '-') {
		fprintf(stderr, "usage: gunbai check-seed %s\n",
		    CMD_SEED_USAGE);
		return EXIT_USAGE;
	}
	json_set_alloc_funcs(util_malloc, free);
	if (cmd_seed_read(argv[1], &first) == -1)
		return EXIT_INPUT;
	if (cmd_seed_read(argv[2], &last) == -1) {
		cmd_seed_free(&first);
		return EXIT_INPUT;
	}
	record = first.setup != NULL ? first.setup : last.setup;
	key = cmd_seed_key(record);
	if (key != NULL) {
		/* Every report of such a game is signed: one that is not
		 * the organiser's whole word proves nothing, and is not
		 * judged (a player cannot frame the organiser with it). */
		evidence_say_key(key);
		if (!cmd_seed_signed(&first, argv[1], key) +
		    !cmd_seed_signed(&last, argv[2], key) > 0)
			status = EXIT_UNFIT;
	} else {
		printf("the setup record names no organiser's key: nobody "
		    "signed these reports, so what follows proves nothing to "
		    "anyone else\n");
		mis = EXIT_UNFIT;
	}
	if (status != EXIT_OK) {
		;
	} else if (last.seed[0] == '\0') {
		fprintf(stderr, "gunbai: %s: no 'seed': the seed is revealed "
		    "only in the public report of a finished game\n",
		    argv[2]);
		status = EXIT_INPUT;
	} else if (strcmp(first.uid, last.uid) != 0) {
		printf("%s and %s are reports of two games (uid %s, uid %s)\n",
		    argv[1], argv[2], first.uid, last.uid);
		status = EXIT_UNFIT;
	} else if (!first.first) {
		/* A later report is not the start: judged as one, it would
		 * "prove" an honest organiser dealt another start. */
		printf("%s is not a first report (its 'from' is not none): give "
		    "the report made when the game was set up, whose 'from' "
		    "is none; nothing is judged\n", argv[1]);
		status = EXIT_UNFIT;
	} else if (first.setup != NULL && last.setup != NULL &&
	    strcmp(first.setup, last.setup) != 0) {
		printf("%s%s and %s show two setup records for one game\n",
		    mis == EXIT_REFUSED ? "PROVEN: " : "", argv[1], argv[2]);
		status = mis;
	} else if (commit_check(first.commit, last.seed, &e) == -1) {
		err_file(&e, argv[2]);
		err_format(&e, buf, sizeof buf);
		printf("%s%s\n", mis == EXIT_REFUSED ? "PROVEN: " : "", buf);
		status = mis;
	} else {
		printf("the seed %s revealed in %s matches the commitment %s "
		    "in %s (game uid %s)\n", last.seed, argv[2], first.commit,
		    argv[1], first.uid);
		if (record != NULL)
			status = cmd_seed_setup_check(&first, argv[1], record,
			    last.seed, mis);
		else
			printf("%s and %s show no setup record: the setup is "
			    "not made again\n", argv[1], argv[2]);
	}
	free(key);
	cmd_seed_free(&first);
	cmd_seed_free(&last);
	return status;
}
