/* setup.c - the setup record, the derived uid, the setup (setup.h). */
#include <stdlib.h>
#include <string.h>

#include "turn/registry.h"

#include "turn/setup.h"

const char *
setup_option(const struct state *st, size_t k)
{
	return st->options[k] != NULL ? st->options[k] :
	    st->game->options[k].def;
}

/* "NAME KEYHEX\n" of the Ed25519 key in pem. */
static void
setup_key(struct sbuf *out, const char *pem)
{
	uint8_t raw[32];
	char hex[65];

	if (crypto_pubkey_raw(pem, raw) == -1)
		memset(raw, 0, sizeof raw); /* states keep canonical keys */
	util_hex(raw, sizeof raw, hex);
	sbuf_puts(out, hex);
	sbuf_putc(out, '\n');
}

/* The value of option k as the record writes it in the clear: the
 * value, or "file SHA256" of a file option given a file. */
static void
setup_clear(const struct state *st, size_t k, struct sbuf *out)
{
	if (st->game->options[k].file && st->options[k] != NULL) {
		char hex[COMMIT_HEX + 1];

		crypto_sha256_hex(st->options[k], strlen(st->options[k]), hex);
		sbuf_puts(out, "file ");
		sbuf_puts(out, hex);
	} else {
		sbuf_puts(out, setup_option(st, k));
	}
}

/* The commitment to a secret option's value in hex: SHA-256 of
 * SETUP_SECRET_TAG, the seed, and "NAME VALUE" with VALUE as the record
 * would write it in the clear. */
static void
setup_secret(const uint8_t seed[RNG_SEED_BYTES], const char *name,
    const char *clear, char hex[COMMIT_HEX + 1])
{
	struct sbuf b;

	sbuf_init(&b);
	sbuf_puts(&b, SETUP_SECRET_TAG);
	sbuf_add(&b, (const char *)seed, RNG_SEED_BYTES);
	sbuf_puts(&b, name);
	sbuf_putc(&b, ' ');
	sbuf_puts(&b, clear);
	crypto_sha256_hex(b.p, b.len, hex);
	sbuf_free(&b);
}

/* setup_record, with the commitment of secret option k taken from
 * given[k] when given is not NULL (a record read without the seed). */
static void
setup_record_given(const struct state *st, struct sbuf *out,
    char *const *given)
{
	sbuf_puts(out, SETUP_RECORD_TAG "\ngame ");
	sbuf_puts(out, st->game->id);
	sbuf_puts(out, "\nruleset ");
	sbuf_puts(out, st->game->ruleset);
	sbuf_puts(out, "\nid ");
	sbuf_puts(out, st->id);
	sbuf_putc(out, '\n');
	for (int i = 0; i < st->nplayers; i++) {
		sbuf_puts(out, "player ");
		sbuf_puts(out, st->players[i].name);
		sbuf_putc(out, ' ');
		setup_key(out, st->players[i].key);
	}
	sbuf_puts(out, "organiser ");
	if (st->organiser != NULL)
		setup_key(out, st->organiser);
	else
		sbuf_puts(out, "none\n");
	for (size_t k = 0; st->game->options != NULL &&
	    st->game->options[k].name != NULL; k++) {
		const struct game_option *o = &st->game->options[k];

		sbuf_puts(out, "option ");
		sbuf_puts(out, o->name);
		sbuf_putc(out, ' ');
		if (o->secret) {
			char hex[COMMIT_HEX + 1];
			struct sbuf clear;

			sbuf_init(&clear);
			setup_clear(st, k, &clear);
			setup_secret(st->seed, o->name, clear.p, hex);
			sbuf_free(&clear);
			sbuf_puts(out, "secret ");
			sbuf_puts(out, given != NULL && given[k] != NULL ?
			    given[k] : hex);
		} else {
			setup_clear(st, k, out);
		}
		sbuf_putc(out, '\n');
	}
}

void
setup_record(const struct state *st, struct sbuf *out)
{
	setup_record_given(st, out, NULL);
}

int
setup_shown(const struct state *st, int player)
{
	return !st->has_previous ||
	    (player < 0 && st->game->outcome(st->g).finished);
}

void
setup_uid(const struct state *st, uint8_t uid[COMMIT_UID_BYTES])
{
	uint8_t c[CRYPTO_SHA256_BYTES];
	struct sbuf rec;

	sbuf_init(&rec);
	setup_record(st, &rec);
	commit_seed(st->seed, c);
	commit_uid(c, rec.p, rec.len, uid);
	sbuf_free(&rec);
}

int
setup_make(struct state *st, struct gb_err *e)
{
	const char *optv[STATE_MAX_OPTIONS + 1];
	struct rng rng;

	for (size_t k = 0; st->game->options != NULL &&
	    st->game->options[k].name != NULL; k++)
		optv[k] = setup_option(st, k);
	setup_uid(st, st->uid);
	st->turn = 1;
	rng_init(&rng, st->seed, 0);
	st->log.point = 0;
	st->g = st->game->setup(&st->pl, optv, &rng, &st->log, e);
	if (st->g == NULL)
		return -1;
	st->draws = rng.draws;
	return 0;
}

/* The value after "KEY " of line (len bytes), or NULL. */
static char *
setup_after(const char *line, size_t len, const char *key)
{
	size_t k = strlen(key);

	if (len <= k || strncmp(line, key, k) != 0 || line[k] != ' ')
		return NULL;
	return util_strndup(line + k + 1, len - k - 1);
}

/* A player's or the organiser's key from 64 hex digits: canonical PEM. */
static char *
setup_pem(const char *hex)
{
	uint8_t raw[32];

	if (strlen(hex) != 64 || util_unhex(hex, raw, sizeof raw) == -1)
		return NULL;
	return crypto_pubkey_pem(raw);
}

/* The option line v ("NAME VALUE", after "option ") of option k of o,
 * read into st (given[k] the commitment of a secret option).  With the
 * seed known, a secret option must be its default: a value given stays
 * secret (only the archive holds it).  0, or -1 with e set. */
static int
setup_parse_option(struct state *st, const struct game_option *o, size_t k,
    const char *v, const uint8_t *seed, char **given, struct gb_err *e)
{
	size_t nl = o != NULL && o[k].name != NULL ? strlen(o[k].name) : 0;
	const char *val = v + nl + 1;

	if (nl == 0 || strncmp(v, o[k].name, nl) != 0 || v[nl] != ' ')
		return err_set(e, 0, 0, "the setup record's options are not "
		    "the game's");
	if (o[k].secret) {
		char hex[COMMIT_HEX + 1];

		if (strncmp(val, "secret ", 7) != 0 ||
		    strlen(val + 7) != COMMIT_HEX)
			return err_set(e, 0, 0, "option '%s' is secret: the "
			    "setup record has 'option %s secret SHA256'",
			    o[k].name, o[k].name);
		given[k] = util_strdup(val + 7);
		if (seed == NULL)
			return 0;
		setup_secret(seed, o[k].name, o[k].def, hex);
		if (strcmp(hex, val + 7) != 0)
			return err_set(e, 0, 0, "option '%s' was given a "
			    "value other than its default '%s', which the "
			    "setup record keeps secret: its setup is made "
			    "again by 'gunbai verify' from the archive",
			    o[k].name, o[k].def);
		return 0;
	}
	if (o[k].file && strncmp(val, "file ", 5) == 0)
		return err_set(e, 0, 0, "option '%s' was given a file, of "
		    "which a report shows only the hash: its setup is made "
		    "again by 'gunbai verify' from the archive", o[k].name);
	if (strcmp(val, o[k].def) != 0)
		st->options[k] = util_strdup(val);
	return 0;
}

int
setup_parse_record(struct state *st, const char *rec, const uint8_t *seed,
    struct gb_err *e)
{
	char *given[STATE_MAX_OPTIONS + 1] = { 0 };
	struct sbuf again;
	size_t nopt = 0;
	int r = 0;

	memset(st, 0, sizeof *st);
	for (const char *p = rec; *p != '\0' && r == 0;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		char *v;

		if ((v = setup_after(p, len, "game")) != NULL) {
			if ((st->game = game_find(v)) == NULL)
				r = err_set(e, 0, 0, "the setup record names "
				    "the unknown game '%s'", v);
		} else if ((v = setup_after(p, len, "id")) != NULL) {
			free(st->id);
			st->id = util_strdup(v);
		} else if ((v = setup_after(p, len, "player")) != NULL) {
			char *sp = strchr(v, ' ');

			if (sp == NULL || st->nplayers == GAME_MAX_PLAYERS)
				r = err_set(e, 0, 0, "a bad 'player' line in "
				    "the setup record");
			else {
				*sp = '\0';
				st->players[st->nplayers].name =
				    util_strdup(v);
				st->players[st->nplayers].key =
				    setup_pem(sp + 1);
				if (st->players[st->nplayers++].key == NULL)
					r = err_set(e, 0, 0, "a bad key in the "
					    "setup record");
			}
		} else if ((v = setup_after(p, len, "option")) != NULL) {
			if (nopt == STATE_MAX_OPTIONS)
				r = err_set(e, 0, 0, "the setup record's "
				    "options are not the game's");
			else
				r = setup_parse_option(st, st->game != NULL ?
				    st->game->options : NULL, nopt++, v, seed,
				    given, e);
		} else if ((v = setup_after(p, len, "organiser")) != NULL) {
			if (strcmp(v, "none") != 0 &&
			    (st->organiser = setup_pem(v)) == NULL)
				r = err_set(e, 0, 0, "a bad organiser key in "
				    "the setup record");
		}
		free(v);
		p = nl != NULL ? nl + 1 : p + len;
	}
	if (r == 0 && (st->game == NULL || st->id == NULL))
		r = err_set(e, 0, 0, "not a setup record: no game or id");
	if (r == 0) {
		if (seed != NULL)
			memcpy(st->seed, seed, RNG_SEED_BYTES);
		state_link_players(st);
		sbuf_init(&again);
		setup_record_given(st, &again, given);
		if (strcmp(again.p, rec) != 0)
			r = err_set(e, 0, 0, "not a setup record as gunbai "
			    "writes it (%s, formats/evidence.md)",
			    SETUP_RECORD_TAG);
		sbuf_free(&again);
	}
	for (size_t k = 0; k < STATE_MAX_OPTIONS; k++)
		free(given[k]);
	if (r != 0)
		state_free(st);
	return r;
}
