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
	int receipt;    /* 1: a receipt or a "declined" notice; 0: a report */
	int declined;   /* 1: mail-in's signed word it did not file a file */
	int good;       /* its signature verifies */
	int body_ok;    /* a report: its body is the one the text names */
	long long point, from_point, at_point;
	char uid[COMMIT_UID_HEX + 1], commit[COMMIT_HEX + 1];
	char state[COMMIT_HEX + 1], from[COMMIT_HEX + 1];
	char player[40], file[COMMIT_HEX + 1], file_sig[COMMIT_HEX + 1];
	char start[COMMIT_HEX + 1]; /* a first report's `start`, or "" */
	char game_id[80]; /* a report's game id, from its body; "" unknown */
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

/* The game's id a report's body names (text: its second line, "TITLE
 * (ruleset R), game ID, point N"; JSON: "id"), into out; "" if unknown. */
static void
ev_game_id(const char *buf, size_t len, char *out, size_t cap)
{
	const char *l, *g, *end;

	out[0] = '\0';
	if (len > 0 && buf[0] == '{') {
		json_t *root = json_loadb(buf, len, 0, NULL);
		json_t *id = json_object_get(root, "id");

		if (json_is_string(id) && json_string_length(id) < cap)
			memcpy(out, json_string_value(id),
			    json_string_length(id) + 1);
		json_decref(root);
		return;
	}
	if ((l = memchr(buf, '\n', len)) == NULL ||
	    (end = memchr(l + 1, '\n', len - (size_t)(l + 1 - buf))) == NULL)
		return;
	for (g = l + 1; g + 7 < end && strncmp(g, ", game ", 7) != 0; g++)
		;
	for (g += 7; end > g && strncmp(end, ", ", 2) != 0; end--)
		;
	if (end > g && (size_t)(end - g) < cap) {
		memcpy(out, g, (size_t)(end - g));
		out[end - g] = '\0';
	}
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
	ev_game_id(buf, len, it->game_id, sizeof it->game_id);
	if (r == 0) {
		free(buf);
		return 0;
	}
	it->declined = strncmp(it->text, EVIDENCE_DECLINED "\n",
	    strlen(EVIDENCE_DECLINED) + 1) == 0;
	it->receipt = it->declined || strncmp(it->text, EVIDENCE_RECEIPT
	    "\n", strlen(EVIDENCE_RECEIPT) + 1) == 0;
	if (!it->receipt && strncmp(it->text, EVIDENCE_REPORT "\n",
	    strlen(EVIDENCE_REPORT) + 1) != 0) {
		/* Another version's text (v1 named no body): its fields
		 * are not these. */
		printf("%s: a signed text that is neither '%s', '%s' nor "
		    "'%s': not read\n", path, EVIDENCE_REPORT,
		    EVIDENCE_RECEIPT, EVIDENCE_DECLINED);
		free(it->text);
		it->text = NULL;
		free(buf);
		return 0;
	}
	if (!it->receipt) {
		/* The text names the SHA-256 of the report it ends
		 * (the text report's or the JSON twin's, as made before it
		 * was signed): the signature covers the whole report. */
		it->body_ok = evidence_body_ok(buf, len, it->text);
	}
	free(buf);
	evidence_field(it->text, "uid", it->uid, sizeof it->uid);
	evidence_field(it->text, "commit", it->commit, sizeof it->commit);
	evidence_field(it->text, "state", it->state, sizeof it->state);
	evidence_field(it->text, "from", it->from, sizeof it->from);
	evidence_field(it->text, "player", it->player, sizeof it->player);
	evidence_field(it->text, "file", it->file, sizeof it->file);
	evidence_field(it->text, "file-sig", it->file_sig,
	    sizeof it->file_sig);
	evidence_field(it->text, "start", it->start, sizeof it->start);
	it->point = ev_int(it->text, "point");
	it->from_point = ev_int(it->text, "from-point");
	it->at_point = ev_int(it->text, "at-point");
	return 0;
}

/* The organiser's key from the setup record of a first report (caller
 * frees), or NULL.  A record counts only when the report's signature
 * verifies under the key it names and the report is the whole report
 * signed (the record is in its body, which the signed text covers by
 * its hash): a record edited by anyone but that key's holder is named
 * and left out (*unfit), never judged.  A record from which the report's
 * uid is derived is preferred; one that is not is still the key's
 * holder's word, and ev_judge proves the uid chosen. */
static char *
ev_key_from_setup(const struct ev_item *it, size_t n, int *unfit)
{
	char *other = NULL;

	for (size_t i = 0; i < n; i++) {
		uint8_t c[CRYPTO_SHA256_BYTES], uid[COMMIT_UID_BYTES];
		char hex[COMMIT_UID_HEX + 1];
		struct gb_err e = { 0 };
		struct state st;
		char *key;
		int good;

		if (it[i].setup == NULL || it[i].text == NULL ||
		    it[i].receipt ||
		    setup_parse_record(&st, it[i].setup, NULL, &e) == -1)
			continue;
		key = st.organiser != NULL ? util_strdup(st.organiser) : NULL;
		state_free(&st);
		if (key == NULL)
			continue;
		good = crypto_verify(key, it[i].text, strlen(it[i].text),
		    it[i].sig, &e) == 1 && it[i].body_ok;
		if (!good) {
			printf("%s: not the organiser's word: the report's "
			    "signature does not verify under the key its setup "
			    "record names, or the report was changed since it "
			    "was signed: its record is not used\n",
			    it[i].path);
			(*unfit)++;
			free(key);
			continue;
		}
		if (util_unhex(it[i].commit, c, sizeof c) == 0) {
			commit_uid(c, it[i].setup, strlen(it[i].setup), uid);
			util_hex(uid, sizeof uid, hex);
			if (strcmp(hex, it[i].uid) == 0) {
				printf("%s: the organiser's key is the one of "
				    "its setup record, from which the uid %s is "
				    "derived\n", it[i].path, it[i].uid);
				free(other);
				return key;
			}
		}
		if (other == NULL)
			other = key;
		else
			free(key);
	}
	return other;
}

/* Is the uid of the signed, whole report r not derived from the
 * commitment and the setup record its body shows (the body is covered
 * by the signed text's hash: the record is the organiser's word)? */
static int
ev_uid_chosen(const struct ev_item *r)
{
	uint8_t c[CRYPTO_SHA256_BYTES], uid[COMMIT_UID_BYTES];
	char hex[COMMIT_UID_HEX + 1];

	if (r->receipt || !r->good || !r->body_ok || r->setup == NULL ||
	    util_unhex(r->commit, c, sizeof c) == -1)
		return 0;
	commit_uid(c, r->setup, strlen(r->setup), uid);
	util_hex(uid, sizeof uid, hex);
	if (strcmp(hex, r->uid) == 0)
		return 0;
	printf("%s: PROVEN: the uid %s is not derived from the commitment "
	    "and the setup record of the report the organiser signed "
	    "(%s): the game's identity was chosen\n", r->path, r->uid, hex);
	return 1;
}

/* How the signed report x lists the file of receipt r among those its
 * run took: 0 not at all; 1 taken (used, kept or refused) with the
 * receipt's signature or one whose SHA-256 is smaller (formats/
 * orders.md: the smallest is used); 2 used or kept with a signature
 * whose SHA-256 is greater than the one receipted; 3 kept by a run that
 * made a point past the file's (a file is kept only for the point the
 * run stopped at or a later one: formats/archive.md). */
static int
ev_lists(const struct ev_item *x, const struct ev_item *r)
{
	int listed = 0;

	for (const char *p = x->text; (p = strstr(p, "\nfile ")) != NULL;
	    p++) {
		const char *sig = p + 6 + COMMIT_HEX + 1, *fate;

		if (strncmp(p + 6, r->file, COMMIT_HEX) != 0 ||
		    strlen(sig) < COMMIT_HEX + 1)
			continue;
		listed = listed ? listed : 1;
		fate = sig + COMMIT_HEX + 1;
		if (strncmp(fate, "refused", 7) != 0 &&
		    strncmp(sig, r->file_sig, COMMIT_HEX) > 0)
			listed = listed == 3 ? 3 : 2;
		if (strncmp(fate, "kept", 4) == 0 && r->point < x->point)
			listed = 3;
	}
	return listed;
}

/* What a signed word says was the game's state at a point: a report's
 * `state` at its `point` and `from` at its `from-point`, a receipt's
 * (or declined notice's) `state` at its `at-point`. */
struct ev_claim {
	long long point;
	const char *state, *what;
};

static size_t
ev_claims(const struct ev_item *x, struct ev_claim c[2])
{
	size_t n = 0;

	if (x->receipt) {
		c[n++] = (struct ev_claim){ x->at_point, x->state,
		    "filed against" };
		return n;
	}
	c[n++] = (struct ev_claim){ x->point, x->state, "state" };
	if (x->from_point < 0 && x->start[0] != '\0')
		c[n++] = (struct ev_claim){ x->point, x->start, "start" };
	else if (x->from_point >= 0)
		c[n++] = (struct ev_claim){ x->from_point, x->from, "from" };
	return n;
}

/* Do the signed words a and b (of one uid) name two states at one point,
 * or one state at two points?  A state file holds its point, and a
 * run's point only grows (a run that applies nothing writes nothing):
 * the states at the points runs stop at are one chain, so either is two
 * games played from one point (a run made again, a state altered). */
static int
ev_two_states(const struct ev_item *a, const struct ev_item *b)
{
	struct ev_claim ca[2], cb[2];
	size_t na = ev_claims(a, ca), nb = ev_claims(b, cb);

	for (size_t i = 0; i < na; i++)
		for (size_t k = 0; k < nb; k++) {
			int same = strcmp(ca[i].state, cb[k].state) == 0;

			/* A field the text lacks claims nothing. */
			if (ca[i].point < 0 || cb[k].point < 0 ||
			    ca[i].state[0] == '\0' || cb[k].state[0] == '\0')
				continue;

			if (ca[i].point == cb[k].point && !same) {
				printf("PROVEN: two states at point %lld: %s "
				    "(%s) names %.16s..., %s (%s) names "
				    "%.16s...\n", ca[i].point, a->path,
				    ca[i].what, ca[i].state, b->path,
				    cb[k].what, cb[k].state);
				return 1;
			}
			if (ca[i].point != cb[k].point && same) {
				printf("PROVEN: one state at two points: %s "
				    "(%s) names %.16s... at point %lld, %s (%s) "
				    "at point %lld\n", a->path, ca[i].what,
				    ca[i].state, ca[i].point, b->path,
				    cb[k].what, cb[k].point);
				return 1;
			}
		}
	return 0;
}

/* A signed word no honest run or mail-in makes: a run that did not
 * advance (its point not past the point it started from), a receipt for
 * a point already played (mail-in refuses a file for a point before the
 * newest state's), a first report that names no `start`. */
static int
ev_impossible(const struct ev_item *x, int *unfit)
{
	if (!x->good)
		return 0;
	if (!x->receipt && x->from_point >= 0 && x->point <= x->from_point) {
		printf("%s: PROVEN: a run that did not advance: the organiser "
		    "signed a run from point %lld to point %lld (a run that "
		    "applies nothing writes nothing)\n", x->path,
		    x->from_point, x->point);
		return 1;
	}
	if (x->receipt && x->point < x->at_point) {
		printf("%s: PROVEN: the organiser signed that a file for "
		    "point %lld was filed at point %lld, already past it "
		    "(mail-in files no file for a point played)\n", x->path,
		    x->point, x->at_point);
		return 1;
	}
	if (!x->receipt && x->from_point < 0 && x->start[0] != '\0' &&
	    strcmp(x->start, x->state) != 0) {
		/* The chain starts from the start: its hash is the first
		 * reports' `state` (formats/evidence.md). */
		printf("%s: PROVEN: a first report whose signed start %.16s... "
		    "is not its state %.16s...: the chain the next reports "
		    "continue is not the start the seed is checked against\n",
		    x->path, x->start, x->state);
		return 1;
	}
	if (!x->receipt && x->from_point < 0 && x->start[0] == '\0') {
		printf("%s: a first report whose signed text names no start: "
		    "what no report shows of the start is not the "
		    "organiser's word here (not judged as a first report)\n",
		    x->path);
		(*unfit)++;
	}
	return 0;
}

/* The receipt r names the state S at point T (the state the next run
 * starts from); the report x of the same game is of a run from a point
 * before T to one past it: the chain passes T without S, so the run that
 * made S was discarded (made, looked at, undone) and the game played
 * again from an older state. */
static int
ev_skipped(const struct ev_item *r, const struct ev_item *x)
{
	if (!r->receipt || x->receipt || strcmp(r->uid, x->uid) != 0 ||
	    x->from_point < 0 || !(x->from_point < r->at_point &&
	    r->at_point < x->point))
		return 0;
	printf("PROVEN: a discarded run: the organiser signed %s against "
	    "the state %.16s... at point %lld, but %s is of a run from point "
	    "%lld to point %lld, past point %lld without that state: the run "
	    "that made it was undone and the game played again\n", r->path,
	    r->state, r->at_point, x->path, x->from_point, x->point,
	    r->at_point);
	return 1;
}

/* The declined notice d (mail-in did not file the file) and the report x
 * of the same game and player that lists the file: it was put in the
 * inbox by another way than mail-in. */
static int
ev_declined_taken(const struct ev_item *d, const struct ev_item *x)
{
	if (!d->declined || x->receipt || strcmp(d->uid, x->uid) != 0 ||
	    strcmp(d->player, x->player) != 0 || ev_lists(x, d) == 0)
		return 0;
	printf("PROVEN: a file mail-in declined was taken: the organiser "
	    "signed %s, that %s's file %.16s... was not filed, then %s, "
	    "whose run took it\n", d->path, d->player, d->file, x->path);
	return 1;
}

/* Does the report a continue the state of the report b (its `from` is
 * b's `state`) under another uid or commitment?  A state names its uid
 * and holds its seed, so a run from it makes a state of the same game:
 * the game's identity or its seed was swapped between the two. */
static int
ev_swap(const struct ev_item *a, const struct ev_item *b)
{
	if (strcmp(a->from, b->state) != 0 ||
	    (strcmp(a->uid, b->uid) == 0 && strcmp(a->commit, b->commit) == 0))
		return 0;
	printf("PROVEN: the game was swapped: %s continues the state "
	    "%.16s... of %s, but names the uid %s and the commitment "
	    "%.16s..., where %s names the uid %s and the commitment "
	    "%.16s...\n", a->path, a->from, b->path, a->uid, a->commit,
	    b->path, b->uid, b->commit);
	return 1;
}

/* Withholding: the receipt r for a file for point N, filed against the
 * state S (the state the next run starts from: formats/archive.md, the
 * lock), and the report x of the run from S, or of the run that resolved
 * N from a state no older than S, that does not list the file as taken,
 * or lists it used with another signature than the rule's. */
static int
ev_withheld(const struct ev_item *r, const struct ev_item *x)
{
	int listed;

	if (r->declined || strcmp(x->uid, r->uid) != 0 ||
	    strcmp(x->player, r->player) != 0 ||
	    x->from_point < 0 || (strcmp(x->from, r->state) != 0 &&
	    (x->from_point < r->at_point || x->from_point > r->point ||
	    x->point <= r->point)))
		return 0;
	listed = ev_lists(x, r);
	if (listed == 1) {
		printf("%s: the file of the receipt %s was taken by the run "
		    "from point %lld\n", x->path, r->path, x->from_point);
		return 0;
	}
	if (listed == 3)
		printf("PROVEN: withholding called kept: the organiser signed "
		    "the receipt %s for %s's file %.16s... for point %lld, "
		    "then the report %s, which lists it kept by the run from "
		    "point %lld though that run made point %lld, past the "
		    "file's (a file is kept only for a point not yet "
		    "played)\n", r->path, r->player, r->file, r->point,
		    x->path, x->from_point, x->point);
	else if (listed == 2)
		printf("PROVEN: another signature used: the organiser signed "
		    "the receipt %s for %s's file %.16s... with the signature "
		    "%.16s..., then the report %s of the run from point %lld, "
		    "which used the file with a signature whose SHA-256 is "
		    "greater (the smallest is used: formats/orders.md)\n",
		    r->path, r->player, r->file, r->file_sig, x->path,
		    x->from_point);
	else
		printf("PROVEN: withholding: the organiser signed the receipt "
		    "%s for %s's file %.16s... for point %lld, filed at point "
		    "%lld, then the report %s of the run from point %lld, "
		    "which did not take it\n", r->path, r->player, r->file,
		    r->point, r->at_point, x->path, x->from_point);
	return 1;
}

/* Does the signed report r continue no report held?  A report of a
 * later point continues the state of one before it; when the player
 * holds reports of the same game id before r, and none of them (nor any
 * other) is r's `from`, the chain is broken there: a report between is
 * missing, or r is of another game put in its place.  Said, not proven
 * (two games may share an id); 1 if broken. */
static int
ev_broken(const struct ev_item *it, size_t n, const struct ev_item *r)
{
	const struct ev_item *before = NULL;

	if (r->receipt || !r->good || r->from_point < 0)
		return 0;
	for (size_t k = 0; k < n; k++) {
		const struct ev_item *b = &it[k];

		if (b == r || b->receipt || !b->good)
			continue;
		if (strcmp(b->state, r->from) == 0)
			return 0;
		if (b->point <= r->from_point &&
		    strcmp(b->game_id, r->game_id) == 0 &&
		    (before == NULL || b->point > before->point))
			before = b;
	}
	if (before == NULL)
		return 0;
	printf("NOT PROVEN, but a broken chain: %s (point %lld, game %s) "
	    "continues the state %.16s... of point %lld, which no report "
	    "you hold shows; the last before it is %s (point %lld)", r->path,
	    r->point, r->game_id[0] != '\0' ? r->game_id : "?", r->from,
	    r->from_point, before->path, before->point);
	if (strcmp(before->uid, r->uid) != 0 ||
	    strcmp(before->commit, r->commit) != 0)
		printf(", and the uid changes from %s to %s without a report "
		    "that links them: another game in its place, unless you "
		    "play two games of that id", before->uid, r->uid);
	printf(" (give the reports between, or ask for the archive: "
	    "gunbai verify --player)\n");
	return 1;
}

/* Is the good receipt r of a game no good report given names?  Then
 * nothing given is held against it: named, not judged (an organiser may
 * run several games under one key). */
static int
ev_foreign(const struct ev_item *it, size_t n, const struct ev_item *r)
{
	if (!r->good || !r->receipt)
		return 0;
	for (size_t k = 0; k < n; k++)
		if (it[k].good && !it[k].receipt &&
		    strcmp(it[k].uid, r->uid) == 0)
			return 0;
	printf("%s: signed by the organiser, but of the game %s, which no "
	    "report given names: not judged against them (does not fit)\n",
	    r->path, r->uid);
	return 1;
}

/* What the signed words prove together. */
static int
ev_judge(struct ev_item *it, size_t n, int *broken, int *unfit)
{
	int proven = 0;

	for (size_t i = 0; i < n; i++) {
		proven += ev_uid_chosen(&it[i]);
		proven += ev_impossible(&it[i], unfit);
		*unfit += ev_foreign(it, n, &it[i]);
	}
	for (size_t i = 0; i < n; i++)
		for (size_t k = i + 1; k < n; k++) {
			struct ev_item *a = &it[i], *b = &it[k];

			if (!a->good || !b->good)
				continue;
			if (!a->receipt && !b->receipt)
				proven += ev_swap(a, b) || ev_swap(b, a);
			if (strcmp(a->uid, b->uid) != 0)
				continue;
			if (strcmp(a->commit, b->commit) != 0) {
				printf("PROVEN: the commitment changed: %s "
				    "shows %.16s..., %s shows %.16s...\n",
				    a->path, a->commit, b->path, b->commit);
				proven++;
			}
			/* A state's point only grows: two states at one
			 * point, or two states made from one, are two
			 * games played from the same point. */
			if (!a->receipt && !b->receipt &&
			    strcmp(a->from, b->from) == 0 &&
			    strcmp(a->state, b->state) != 0) {
				printf("PROVEN: a re-run: %s and %s continue "
				    "the state %.16s... differently (%.16s... "
				    "and %.16s...)\n", a->path, b->path,
				    a->from, a->state, b->state);
				proven++;
			} else {
				proven += ev_two_states(a, b);
			}
		}
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < n; k++)
			if (it[i].good && it[i].receipt && it[k].good &&
			    !it[k].receipt)
				proven += ev_withheld(&it[i], &it[k]) +
				    ev_skipped(&it[i], &it[k]) +
				    ev_declined_taken(&it[i], &it[k]);
	for (size_t i = 0; i < n; i++)
		*broken += ev_broken(it, n, &it[i]);
	return proven;
}

/* Does a report given name, in its setup record, no organiser's key (a
 * game made without --organiser, whose reports nobody signs)? */
static int
ev_no_organiser(const struct ev_item *it, size_t n)
{
	int none = 0;

	for (size_t i = 0; i < n && !none; i++) {
		struct gb_err e = { 0 };
		struct state st;

		if (it[i].setup == NULL || it[i].receipt ||
		    setup_parse_record(&st, it[i].setup, NULL, &e) == -1)
			continue;
		none = st.organiser == NULL;
		state_free(&st);
	}
	return none;
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
	int c, bad = 0, proven = 0, signed_ok = 0, broken = 0, unfit = 0;

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
		key = ev_key_from_setup(it, n, &unfit);
	}
	if (key == NULL && !bad && ev_no_organiser(it, n)) {
		printf("the setup record names no organiser's key: the game "
		    "was made without --organiser, so nobody signed its "
		    "reports and there is no signed word to judge; gunbai "
		    "verify --player checks the archive\n");
		unfit++;
	} else if (key == NULL && !bad) {
		printf("no organiser's key: give a first report (its setup "
		    "record names the key) or --organiser KEY.pub\n");
		bad = 1;
	}
	if (key != NULL)
		evidence_say_key(key);
	for (size_t i = 0; i < n && key != NULL; i++) {
		struct gb_err e = { 0 };

		if (it[i].text == NULL) {
			printf("%s: not signed by the organiser: proves "
			    "nothing\n", it[i].path);
			unfit++;
			continue;
		}
		it[i].good = crypto_verify(key, it[i].text,
		    strlen(it[i].text), it[i].sig, &e) == 1;
		if (!it[i].good) {
			printf("%s: the organiser's signature does not verify: "
			    "not the organiser's word\n", it[i].path);
			unfit++;
		} else if (it[i].receipt) {
			signed_ok++;
			printf("%s: signed by the organiser: %s %s's file "
			    "%.16s... for point %lld, %s at point %lld (the "
			    "signed block; the rest of the reply is not "
			    "signed)\n", it[i].path, it[i].declined ? "its word "
			    "that it did not file" : "a receipt for",
			    it[i].player, it[i].file, it[i].point,
			    it[i].declined ? "declined" : "filed",
			    it[i].at_point);
		} else if (!it[i].body_ok) {
			/* The block alone is the organiser's: judged, but
			 * the report around it was changed. */
			signed_ok++;
			unfit++;
			printf("%s: the organiser signed the evidence of %s's "
			    "report at point %lld, but the report is not the "
			    "one signed (changed since): only its signed block "
			    "is the organiser's word\n", it[i].path,
			    it[i].player, it[i].point);
		} else {
			signed_ok++;
			printf("%s: signed by the organiser, the whole report: "
			    "%s's, at point %lld\n", it[i].path, it[i].player,
			    it[i].point);
		}
	}
	if (key != NULL)
		proven += ev_judge(it, n, &broken, &unfit);
	if (key != NULL) {
		/* The games judged: the uid of each is what the organiser
		 * announced, or these are another game's words. */
		for (size_t i = 0; i < n; i++) {
			int seen = 0;

			for (size_t k = 0; k < i && !seen; k++)
				seen = it[k].good &&
				    strcmp(it[k].uid, it[i].uid) == 0;
			if (it[i].good && !seen)
				printf("judged for the game uid %s\n",
				    it[i].uid);
		}
	}
	if (key != NULL && proven == 0 && unfit > 0)
		printf("%d signed words: no misconduct proven, but what is "
		    "given does not all fit (above): NOT consistent\n",
		    signed_ok);
	else if (key != NULL && proven == 0 && broken > 0)
		printf("%d signed words: no misconduct proven, but the chain "
		    "is broken (above): NOT consistent\n", signed_ok);
	else if (key != NULL && proven == 0)
		printf("%d signed words, consistent: no misconduct proven\n",
		    signed_ok);
	for (size_t i = 0; i < n; i++) {
		free(it[i].text);
		free(it[i].setup);
	}
	free(it);
	free(key);
	return proven > 0 ? EXIT_REFUSED : unfit > 0 ? EXIT_UNFIT :
	    bad ? EXIT_INPUT : broken > 0 ? EXIT_INCOMPLETE : EXIT_OK;
}
