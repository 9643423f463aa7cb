/* cmd_evidence.c - `gunbai evidence [--organiser KEY.pub] FILE ...`: what
 * the reports and receipts a player was mailed prove, without the
 * archive (formats/evidence.md).  Each FILE is a report (text or its
 * JSON twin) or a mail-in reply holding a signed receipt.  The
 * organiser's key comes from the setup record of a first report (the uid
 * derived from it binds the key to the game) or from --organiser. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "archive/cmd.h"
#include "archive/evidence.h"
#include "base/fileio.h"
#include "turn/commit.h"
#include "turn/setup.h"

/* One signed word read from a file. */
struct ev_item {
	const char *path;
	char *text;     /* the signed text, or NULL if none */
	uint8_t sig[CRYPTO_SIG_BYTES];
	char *setup;    /* a report's setup record, or NULL */
	int receipt;    /* 1: a receipt; 0: a report */
	int good;       /* its signature verifies */
	long long turn, from_turn, at_turn;
	char uid[COMMIT_UID_HEX + 1], commit[COMMIT_HEX + 1];
	char state[COMMIT_HEX + 1], from[COMMIT_HEX + 1];
	char player[40], file[COMMIT_HEX + 1];
};

static long long
ev_int(const char *text, const char *key)
{
	char v[32];

	evidence_field(text, key, v, sizeof v);
	return v[0] >= '0' && v[0] <= '9' ? strtoll(v, NULL, 10) : -1;
}

/* The setup record of a report's bytes (text or JSON), or NULL. */
static char *
ev_setup(const char *buf, size_t len)
{
	const char *p;
	char *rec = NULL;

	if (len > 0 && buf[0] == '{') {
		json_t *root = json_loadb(buf, len, 0, NULL);
		json_t *s = json_object_get(json_object_get(root, "evidence"),
		    "setup");

		if (json_is_string(s))
			rec = util_strdup(json_string_value(s));
		json_decref(root);
		return rec;
	}
	if ((p = strstr(buf, "\nEvidence\n")) == NULL)
		return NULL;
	rec = util_uncut(p, strlen(p), "setup   ");
	if (*rec == '\0') {
		free(rec);
		return NULL;
	}
	return rec;
}

static int
ev_read(const char *path, struct ev_item *it)
{
	struct gb_err e = { 0 };
	char *buf;
	size_t len;
	int r;

	memset(it, 0, sizeof *it);
	it->path = path;
	if (fileio_read(path, FILEIO_STATE_MAX, &buf, &len, &e) == -1)
		return cmd_fail_err(-1, &e);
	r = evidence_find(buf, len, &it->text, it->sig, &e);
	if (r == -1) {
		err_file(&e, path);
		free(buf);
		return cmd_fail_err(-1, &e);
	}
	it->setup = ev_setup(buf, len);
	free(buf);
	if (r == 0)
		return 0;
	it->receipt = strncmp(it->text, EVIDENCE_RECEIPT "\n",
	    strlen(EVIDENCE_RECEIPT) + 1) == 0;
	evidence_field(it->text, "uid", it->uid, sizeof it->uid);
	evidence_field(it->text, "commit", it->commit, sizeof it->commit);
	evidence_field(it->text, "state", it->state, sizeof it->state);
	evidence_field(it->text, "from", it->from, sizeof it->from);
	evidence_field(it->text, "player", it->player, sizeof it->player);
	evidence_field(it->text, "file", it->file, sizeof it->file);
	it->turn = ev_int(it->text, "turn");
	it->from_turn = ev_int(it->text, "from-turn");
	it->at_turn = ev_int(it->text, "at-turn");
	return 0;
}

/* The organiser's key from a setup record whose uid derivation holds:
 * the record must be the one the uid of a report of the game is derived
 * from, with the commitment it shows.  NULL if none. */
static char *
ev_key_from_setup(struct ev_item *it, size_t n, int *proven)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t c[CRYPTO_SHA256_BYTES], uid[COMMIT_UID_BYTES];
		char hex[COMMIT_UID_HEX + 1];
		struct gb_err e = { 0 };
		struct state st;
		char *key;

		if (it[i].setup == NULL || it[i].text == NULL ||
		    util_unhex(it[i].commit, c, sizeof c) == -1)
			continue;
		commit_uid(c, it[i].setup, strlen(it[i].setup), uid);
		util_hex(uid, sizeof uid, hex);
		if (strcmp(hex, it[i].uid) != 0) {
			printf("%s: PROVEN: the uid %s is not derived from the "
			    "commitment and the setup record the report shows "
			    "(%s): the game's identity was chosen\n",
			    it[i].path, it[i].uid, hex);
			(*proven)++;
			continue;
		}
		if (setup_parse_record(&st, it[i].setup, NULL, &e) == -1)
			continue;
		key = st.organiser != NULL ? util_strdup(st.organiser) : NULL;
		state_free(&st);
		if (key != NULL) {
			printf("%s: the organiser's key is the one of the setup "
			    "record, from which the uid %s is derived\n",
			    it[i].path, it[i].uid);
			return key;
		}
	}
	return NULL;
}

/* Does the signed report x list file f (a SHA-256) among those its run
 * took? */
static int
ev_lists(const struct ev_item *x, const char *f)
{
	for (const char *p = x->text; (p = strstr(p, "\nfile ")) != NULL;
	    p++)
		if (strncmp(p + 6, f, COMMIT_HEX) == 0)
			return 1;
	return 0;
}

/* Was a made from another state at turn T than the one b shows at T?
 * (A state's turn only grows: two states at one turn are two games.) */
static int
ev_fork(const struct ev_item *a, const struct ev_item *b)
{
	if (a->from_turn < 0 || a->from_turn != b->turn ||
	    strcmp(a->from, b->state) == 0)
		return 0;
	printf("PROVEN: two states at turn %lld: %s was made from %.16s..., "
	    "%s shows %.16s...\n", b->turn, a->path, a->from, b->path,
	    b->state);
	return 1;
}

/* What the signed words prove together. */
static int
ev_judge(struct ev_item *it, size_t n)
{
	int proven = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t k = i + 1; k < n; k++) {
			struct ev_item *a = &it[i], *b = &it[k];

			if (!a->good || !b->good || strcmp(a->uid, b->uid) != 0)
				continue;
			if (strcmp(a->commit, b->commit) != 0) {
				printf("PROVEN: the commitment changed: %s "
				    "shows %.16s..., %s shows %.16s...\n",
				    a->path, a->commit, b->path, b->commit);
				proven++;
			}
			if (a->receipt || b->receipt)
				continue;
			/* A state's turn only grows: two states at one
			 * turn, or two states made from one, are two
			 * games played from the same point. */
			if (strcmp(a->from, b->from) == 0 &&
			    strcmp(a->state, b->state) != 0) {
				printf("PROVEN: a re-run: %s and %s continue "
				    "the state %.16s... differently (%.16s... "
				    "and %.16s...)\n", a->path, b->path,
				    a->from, a->state, b->state);
				proven++;
			} else {
				proven += ev_fork(a, b) || ev_fork(b, a);
			}
		}
	/* Withholding: a receipt for a file for turn N, then the report of
	 * the run that resolved N, from a state no older than the receipt's,
	 * that does not list the file as taken. */
	for (size_t i = 0; i < n; i++) {
		const struct ev_item *r = &it[i];

		if (!r->good || !r->receipt)
			continue;
		for (size_t k = 0; k < n; k++) {
			const struct ev_item *x = &it[k];

			if (!x->good || x->receipt || strcmp(x->uid, r->uid) != 0 ||
			    strcmp(x->player, r->player) != 0 ||
			    x->from_turn < 0 || x->from_turn < r->at_turn ||
			    x->from_turn > r->turn || x->turn <= r->turn)
				continue;
			if (ev_lists(x, r->file))
				printf("%s: the file of the receipt %s was "
				    "taken by the run that resolved turn %lld\n",
				    x->path, r->path, r->turn);
			else {
				printf("PROVEN: withholding: the organiser "
				    "signed the receipt %s for %s's file "
				    "%.16s... for turn %lld, then the report "
				    "%s of the run that resolved turn %lld, "
				    "which did not take it\n", r->path,
				    r->player, r->file, r->turn, x->path,
				    r->turn);
				proven++;
			}
		}
	}
	return proven;
}

int
cmd_evidence(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "organiser", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *keypath = NULL;
	struct ev_item *it;
	char *key = NULL;
	size_t n;
	int c, bad = 0, proven = 0, signed_ok = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'o': keypath = optarg; break;
		case 'h':
			printf("usage: gunbai evidence %s\n",
			    CMD_EVIDENCE_USAGE);
			return EXIT_OK;
		default:
			fprintf(stderr, "usage: gunbai evidence %s\n",
			    CMD_EVIDENCE_USAGE);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: gunbai evidence %s\n",
		    CMD_EVIDENCE_USAGE);
		return EXIT_USAGE;
	}
	json_set_alloc_funcs(util_malloc, free);
	n = (size_t)(argc - optind);
	it = util_calloc(n, sizeof *it);
	for (size_t i = 0; i < n; i++)
		if (ev_read(argv[optind + (int)i], &it[i]) == -1)
			bad = 1;
	if (keypath != NULL) {
		struct gb_err e = { 0 };
		size_t len;
		char *pem;

		if (fileio_read(keypath, FILEIO_KEY_MAX, &pem, &len, &e) == -1 ||
		    crypto_pubkey_check(pem, &key, &e) == -1) {
			err_file(&e, keypath);
			cmd_fail_err(0, &e);
			bad = 1;
		}
		free(pem);
	} else {
		key = ev_key_from_setup(it, n, &proven);
	}
	if (key == NULL && !bad) {
		printf("no organiser's key: give a first report (its setup "
		    "record names the key) or --organiser KEY.pub\n");
		bad = 1;
	}
	for (size_t i = 0; i < n && key != NULL; i++) {
		struct gb_err e = { 0 };

		if (it[i].text == NULL) {
			printf("%s: not signed by the organiser: proves "
			    "nothing\n", it[i].path);
			continue;
		}
		it[i].good = crypto_verify(key, it[i].text,
		    strlen(it[i].text), it[i].sig, &e) == 1;
		if (!it[i].good)
			printf("%s: the organiser's signature does not verify: "
			    "not the organiser's word\n", it[i].path);
		else {
			signed_ok++;
			printf("%s: signed by the organiser: %s of %s, turn "
			    "%lld\n", it[i].path, it[i].receipt ? "a receipt" :
			    "a report", it[i].player, it[i].turn);
		}
	}
	if (key != NULL)
		proven += ev_judge(it, n);
	if (key != NULL && proven == 0)
		printf("%d signed words, consistent: no misconduct proven\n",
		    signed_ok);
	for (size_t i = 0; i < n; i++) {
		free(it[i].text);
		free(it[i].setup);
	}
	free(it);
	free(key);
	return proven > 0 ? EXIT_REFUSED : bad ? EXIT_INPUT : EXIT_OK;
}
