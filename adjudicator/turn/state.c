/* state.c - reading and writing state files (formats/state.md). */
#include <stdlib.h>
#include <string.h>

#include "base/crypto.h"
#include "base/fileio.h"
#include "base/mail_addr.h"
#include "turn/state.h"
#include "base/yaml.h"
#include "turn/registry.h"

#define STATE_MAX_TURN 1000000000LL

void
state_link_players(struct state *st)
{
	for (int i = 0; i < st->nplayers; i++)
		st->names[i] = st->players[i].name;
	st->pl.n = st->nplayers;
	st->pl.names = st->names;
}

int
state_player(const struct state *st, const char *name)
{
	for (int i = 0; i < st->nplayers; i++)
		if (strcmp(st->players[i].name, name) == 0)
			return i;
	return -1;
}

static int
state_hex_field(const struct node *map, const char *key, char *out,
    struct gb_err *e)
{
	const char *s;
	uint8_t bytes[CRYPTO_SHA256_BYTES];
	const struct node *n;

	if (node_need_str(map, key, &s, e) == -1)
		return -1;
	n = node_get(map, key);
	if (strlen(s) != 2 * CRYPTO_SHA256_BYTES ||
	    util_unhex(s, bytes, sizeof bytes) == -1)
		return err_set(e, n->line, n->col,
		    "'%s' must be 64 hexadecimal digits", key);
	util_hex(bytes, sizeof bytes, out);
	return 0;
}

static int
state_parse_players(struct state *st, const struct node *root,
    struct gb_err *e)
{
	static const char *const keys[] = { "name", "key", "address", NULL };
	const struct node *seq;
	char count[32];

	if (node_need(root, "players", NODE_SEQ, &seq, e) == -1)
		return -1;
	if (seq->n < (size_t)st->game->min_players ||
	    seq->n > (size_t)st->game->max_players)
		return err_set(e, seq->line, seq->col,
		    "%s is for %s players, not %zu", st->game->title,
		    game_players_words(st->game, count, sizeof count), seq->n);
	for (size_t i = 0; i < seq->n; i++) {
		const struct node *p = seq->items[i], *kn, *an;
		const char *name, *key, *address = NULL;
		char *canon = NULL;

		if (node_want_kind(p, NODE_MAP, "player", e) == -1 ||
		    node_only_keys(p, keys, e) == -1 ||
		    node_need_str(p, "name", &name, e) == -1 ||
		    node_need_str(p, "key", &key, e) == -1)
			return -1;
		if (!util_valid_name(name) || strcmp(name, "public") == 0)
			return err_set(e, p->line, p->col,
			    "invalid player name '%s'", name);
		if (state_player(st, name) != -1)
			return err_set(e, p->line, p->col,
			    "player '%s' is listed twice", name);
		if ((an = node_get(p, "address")) != NULL) {
			struct gb_err ae;

			if (node_need_str(p, "address", &address, e) == -1)
				return -1;
			if (mail_addr_check(address, &ae) == -1)
				return err_set(e, an->line, an->col, "%s: %s",
				    name, ae.msg);
		}
		kn = node_get(p, "key");
		if (crypto_pubkey_check(key, &canon, e) == -1) {
			e->line = kn->line;
			e->col = kn->col;
			return -1;
		}
		for (int j = 0; j < st->nplayers; j++)
			if (strcmp(st->players[j].key, canon) == 0) {
				free(canon);
				return err_set(e, kn->line, kn->col,
				    "players '%s' and '%s' have the same key",
				    st->players[j].name, name);
			}
		st->players[st->nplayers].name = util_strdup(name);
		st->players[st->nplayers].key = canon;
		st->players[st->nplayers].address = address != NULL ?
		    util_strdup(address) : NULL;
		st->nplayers++;
	}
	state_link_players(st);
	return 0;
}

static int
state_parse_previous(struct state *st, const struct node *root,
    struct gb_err *e)
{
	static const char *const keys[] = { "state", "orders", NULL };
	static const char *const okeys[] = { "turn", "player", "sha256", NULL };
	const struct node *prev, *orders, *sn;
	const char *s;

	if (node_need(root, "previous", NODE_MAP, &prev, e) == -1 ||
	    node_only_keys(prev, keys, e) == -1 ||
	    node_need_str(prev, "state", &s, e) == -1 ||
	    node_need(prev, "orders", NODE_SEQ, &orders, e) == -1)
		return -1;
	sn = node_get(prev, "state");
	if (strcmp(s, "none") == 0 && !sn->quoted) {
		st->has_previous = 0;
	} else {
		if (state_hex_field(prev, "state", st->previous, e) == -1)
			return -1;
		st->has_previous = 1;
	}
	st->applied = util_calloc(orders->n + 1, sizeof *st->applied);
	for (size_t i = 0; i < orders->n; i++) {
		const struct node *o = orders->items[i];
		struct state_applied *a = &st->applied[i];
		const char *name;

		if (node_want_kind(o, NODE_MAP, "applied orders", e) == -1 ||
		    node_only_keys(o, okeys, e) == -1 ||
		    node_need_int(o, "turn", 1, STATE_MAX_TURN, &a->turn,
		    e) == -1 ||
		    node_need_str(o, "player", &name, e) == -1 ||
		    state_hex_field(o, "sha256", a->sha256, e) == -1)
			return -1;
		if ((a->player = state_player(st, name)) == -1) {
			const struct node *pn = node_get(o, "player");
			return err_set(e, pn->line, pn->col,
			    "no player '%s' in this game", name);
		}
		st->napplied++;
	}
	return 0;
}

static int
state_parse_log(struct state *st, const struct node *root, struct gb_err *e)
{
	static const char *const keys[] = { "turn", "to", "text", NULL };
	const struct node *log;

	if (node_need(root, "log", NODE_SEQ, &log, e) == -1)
		return -1;
	for (size_t i = 0; i < log->n; i++) {
		const struct node *ev = log->items[i], *to;
		const char *text;
		long long turn;
		unsigned mask = 0;

		if (node_want_kind(ev, NODE_MAP, "log entry", e) == -1 ||
		    node_only_keys(ev, keys, e) == -1 ||
		    node_need_int(ev, "turn", 0, STATE_MAX_TURN, &turn,
		    e) == -1 ||
		    node_need_str(ev, "text", &text, e) == -1)
			return -1;
		if ((to = node_get(ev, "to")) == NULL)
			return err_set(e, ev->line, ev->col,
			    "missing key 'to'");
		if (to->kind == NODE_SCALAR && strcmp(to->str, "all") == 0) {
			mask = EVENT_ALL;
		} else if (to->kind == NODE_SEQ && to->n > 0) {
			for (size_t j = 0; j < to->n; j++) {
				int p;
				if (node_want_kind(to->items[j], NODE_SCALAR,
				    "player", e) == -1)
					return -1;
				p = state_player(st, to->items[j]->str);
				if (p == -1)
					return err_set(e, to->items[j]->line,
					    to->items[j]->col,
					    "no player '%s' in this game",
					    to->items[j]->str);
				mask |= EVENT_TO(p);
			}
		} else {
			return err_set(e, to->line, to->col,
			    "'to' must be 'all' or a list of players");
		}
		st->log.point = turn;
		events_add(&st->log, mask, "%s", text);
	}
	return 0;
}

/* The owed list and outcome in the file must be what the game says. */
static int
state_check_derived(struct state *st, const struct node *root,
    struct gb_err *e)
{
	struct node *owed, *outcome, *mine;
	struct sbuf a, b;
	int same;

	owed = state_owed_node(st);
	outcome = state_outcome_node(st);
	mine = node_map();
	node_set(mine, "owed", owed);
	node_set(mine, "outcome", outcome);
	sbuf_init(&a);
	sbuf_init(&b);
	yaml_write(mine, &a);
	{
		struct node *theirs = node_map();
		const struct node *o = node_get(root, "owed");
		const struct node *c = node_get(root, "outcome");
		/* Borrow the file's nodes for a moment to write them. */
		node_set(theirs, "owed", (struct node *)o);
		node_set(theirs, "outcome", (struct node *)c);
		if (o != NULL && c != NULL)
			yaml_write(theirs, &b);
		/* Give the borrowed values back; the keys are ours. */
		for (size_t i = 0; i < theirs->n; i++)
			node_free(theirs->keys[i]);
		theirs->n = 0;
		node_free(theirs);
	}
	same = b.len == a.len && memcmp(a.p, b.p, a.len) == 0;
	sbuf_free(&a);
	sbuf_free(&b);
	node_free(mine);
	if (!same)
		return err_set(e, root->line, root->col,
		    "'owed' or 'outcome' does not agree with the %s section",
		    st->game->id);
	return 0;
}

/* The organiser's key and the options given to `new`. */
static int
state_parse_setup(struct state *st, const struct node *root,
    struct gb_err *e)
{
	const struct game_option *opt = st->game->options;
	const struct node *n = node_get(root, "organiser"), *m;
	const char *s;

	if (n != NULL) {
		if (node_need_str(root, "organiser", &s, e) == -1)
			return -1;
		if (crypto_pubkey_check(s, &st->organiser, e) == -1) {
			e->line = n->line;
			e->col = n->col;
			return -1;
		}
		for (int i = 0; i < st->nplayers; i++)
			if (strcmp(st->players[i].key, st->organiser) == 0)
				return err_set(e, n->line, n->col, "the "
				    "organiser's key is %s's",
				    st->players[i].name);
	}
	if (node_get(root, "options") == NULL)
		return 0;
	if (node_need(root, "options", NODE_MAP, &m, e) == -1)
		return -1;
	if (m->n == 0)
		return err_set(e, m->line, m->col, "'options' lists no option: "
		    "leave it out");
	for (size_t i = 0; i < m->n; i++) {
		const struct node *v = m->items[i];
		size_t k;

		for (k = 0; opt != NULL && opt[k].name != NULL; k++)
			if (strcmp(opt[k].name, m->keys[i]->str) == 0)
				break;
		if (opt == NULL || opt[k].name == NULL)
			return err_set(e, v->line, v->col, "%s has no option "
			    "'%s'", st->game->title, m->keys[i]->str);
		if (node_want_kind(v, NODE_SCALAR, "option value", e) == -1)
			return -1;
		/* Only what differs from the default is written: one state,
		 * one byte sequence. */
		if (strcmp(v->str, opt[k].def) == 0)
			return err_set(e, v->line, v->col, "option '%s' is "
			    "its default '%s': leave it out", m->keys[i]->str,
			    opt[k].def);
		if (!opt[k].file && strchr(v->str, '\n') != NULL)
			return err_set(e, v->line, v->col, "option '%s' is "
			    "one line", m->keys[i]->str);
		st->options[k] = util_strdup(v->str);
	}
	return 0;
}

int
state_parse(struct state *st, const char *buf, size_t len, const char *name,
    struct gb_err *e)
{
	static const char *const keys[] = { "gunbai", "game", "ruleset", "id",
		"uid", "turn", "players", "organiser", "options", "rng", "owed",
		"outcome", "previous", "log", NULL, NULL };
	static const char *const rngkeys[] = { "seed", "draws", NULL };
	const char *allowed[sizeof keys / sizeof keys[0]];
	struct node *root = NULL;
	const struct node *rng, *section;
	const char *s, *gid;
	long long draws;

	memset(st, 0, sizeof *st);
	err_file(e, name);
	/* The tree is read, loaded from and dropped: in the node arena,
	 * not a block per node. */
	node_arena_begin();
	if (yaml_read(buf, len, &root, e) == -1)
		goto fail;
	if (node_want_kind(root, NODE_MAP, "state", e) == -1 ||
	    node_need_str(root, "gunbai", &s, e) == -1)
		goto fail;
	if (strcmp(s, "state 1") == 0 || strcmp(s, "state 2") == 0) {
		const struct node *n = node_get(root, "gunbai");
		err_set(e, n->line, n->col, "a '%s' file, made by a gunbai "
		    "before %s (this reads '%s'): finish that game with the "
		    "gunbai that began it", s, s[6] == '1' ? "game uids and "
		    "gunbai-rng-v2" : "uids derived from the setup and the "
		    "organiser's signed evidence", STATE_FORMAT);
		goto fail;
	}
	if (strcmp(s, STATE_FORMAT) != 0) {
		const struct node *n = node_get(root, "gunbai");
		err_set(e, n->line, n->col, "not a gunbai state file, or an "
		    "unknown version: 'gunbai: %s' (this is '%s')", s,
		    STATE_FORMAT);
		goto fail;
	}
	if (node_need_str(root, "game", &gid, e) == -1)
		goto fail;
	if ((st->game = game_find(gid)) == NULL) {
		const struct node *n = node_get(root, "game");
		err_set(e, n->line, n->col, "unknown game '%s'", gid);
		goto fail;
	}
	memcpy(allowed, keys, sizeof keys);
	allowed[sizeof keys / sizeof keys[0] - 2] = st->game->id;
	if (node_only_keys(root, allowed, e) == -1 ||
	    node_need_str(root, "ruleset", &s, e) == -1)
		goto fail;
	if (strcmp(s, st->game->ruleset) != 0) {
		const struct node *n = node_get(root, "ruleset");
		err_set(e, n->line, n->col, "this state is for %s ruleset "
		    "'%s'; this gunbai implements ruleset '%s'",
		    st->game->title, s, st->game->ruleset);
		goto fail;
	}
	if (node_need_str(root, "id", &s, e) == -1)
		goto fail;
	if (!util_valid_name(s)) {
		const struct node *n = node_get(root, "id");
		err_set(e, n->line, n->col, "invalid game id '%s'", s);
		goto fail;
	}
	st->id = util_strdup(s);
	if (node_need_str(root, "uid", &s, e) == -1)
		goto fail;
	if (strlen(s) != COMMIT_UID_HEX ||
	    util_unhex(s, st->uid, sizeof st->uid) == -1) {
		const struct node *n = node_get(root, "uid");
		err_set(e, n->line, n->col, "'uid' must be %d hexadecimal "
		    "digits", COMMIT_UID_HEX);
		goto fail;
	}
	if (node_need_int(root, "turn", 1, STATE_MAX_TURN, &st->turn, e) == -1 ||
	    state_parse_players(st, root, e) == -1 ||
	    state_parse_setup(st, root, e) == -1 ||
	    node_need(root, "rng", NODE_MAP, &rng, e) == -1 ||
	    node_only_keys(rng, rngkeys, e) == -1 ||
	    node_need_str(rng, "seed", &s, e) == -1)
		goto fail;
	if (strlen(s) != 2 * RNG_SEED_BYTES ||
	    util_unhex(s, st->seed, sizeof st->seed) == -1) {
		const struct node *n = node_get(rng, "seed");
		err_set(e, n->line, n->col,
		    "'seed' must be 64 hexadecimal digits");
		goto fail;
	}
	if (node_need_int(rng, "draws", 0, 1LL << 62, &draws, e) == -1 ||
	    state_parse_previous(st, root, e) == -1 ||
	    state_parse_log(st, root, e) == -1 ||
	    node_need(root, st->game->id, NODE_MAP, &section, e) == -1)
		goto fail;
	st->draws = (unsigned long long)draws;
	if ((st->g = st->game->load(section, &st->pl, e)) == NULL)
		goto fail;
	if (node_get(root, "owed") == NULL) {
		err_set(e, root->line, root->col, "missing key 'owed'");
		goto fail;
	}
	if (node_get(root, "outcome") == NULL) {
		err_set(e, root->line, root->col, "missing key 'outcome'");
		goto fail;
	}
	if (state_check_derived(st, root, e) == -1)
		goto fail;
	node_free(root);
	node_arena_end();
	return 0;
fail:
	node_free(root);
	node_arena_end();
	state_free(st);
	return -1;
}

int
state_load(struct state *st, const char *path, struct gb_err *e)
{
	char *buf;
	size_t len;
	int r;

	memset(st, 0, sizeof *st);
	if (fileio_read(path, FILEIO_STATE_MAX, &buf, &len, e) == -1)
		return -1;
	r = state_parse(st, buf, len, path, e);
	free(buf);
	return r;
}

/* The decisions owed, as written in the state file. */
struct node *
state_owed_node(const struct state *st)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t n = st->game->owed(st->g, owed);
	struct node *seq = node_seq();

	for (size_t i = 0; i < n; i++) {
		struct node *m = node_push(seq, node_map());
		node_set(m, "player", node_scalar(st->names[owed[i].player]));
		node_set(m, "decision", node_scalar(owed[i].decision));
		node_set(m, "what", node_scalar(owed[i].what));
	}
	return seq;
}

struct node *
state_outcome_node(const struct state *st)
{
	struct outcome oc = st->game->outcome(st->g);
	struct node *m = node_map();

	if (!oc.finished) {
		node_set(m, "status", node_scalar("running"));
		return m;
	}
	node_set(m, "status", node_scalar("finished"));
	{
		struct node *w = node_set(m, "winners", node_seq());
		for (int i = 0; i < st->nplayers; i++)
			if (oc.winners & EVENT_TO(i))
				node_push(w, node_scalar(st->names[i]));
	}
	node_set(m, "reason", node_scalar(oc.reason));
	return m;
}

static struct node *
state_to_node(const struct state *st, unsigned mask)
{
	struct node *seq = node_seq();

	for (int i = 0; i < st->nplayers; i++)
		if (mask & EVENT_TO(i))
			node_push(seq, node_scalar(st->names[i]));
	return seq;
}

/* The length of the last state written (a hint, nothing more). */
static size_t state_write_last;

char *
state_write(const struct state *st, size_t *len)
{
	struct sbuf out;

	sbuf_init(&out);
	/* Room for a state as long as the last one written: a game's states
	 * grow slowly, and the buffer would otherwise double a dozen times
	 * (each a copy) for every state written. */
	sbuf_reserve(&out, state_write_last < (1u << 20) ?
	    state_write_last : (1u << 20));
	state_write_to(st, &out);
	state_write_last = out.len;
	*len = out.len;
	return sbuf_take(&out);
}

void
state_write_to(const struct state *st, struct sbuf *out)
{
	struct node *root, *n, *prev, *orders, *log;
	char hex[2 * RNG_SEED_BYTES + 1];

	/* The tree is made, written and dropped: in the node arena. */
	node_arena_begin();
	root = node_map();

	node_set(root, "gunbai", node_scalar(STATE_FORMAT));
	node_set(root, "game", node_scalar(st->game->id));
	node_set(root, "ruleset", node_scalar(st->game->ruleset));
	node_set(root, "id", node_scalar(st->id));
	util_hex(st->uid, sizeof st->uid, hex);
	node_set(root, "uid", node_scalar(hex));
	node_set(root, "turn", node_int(st->turn));
	n = node_set(root, "players", node_seq());
	for (int i = 0; i < st->nplayers; i++) {
		struct node *p = node_push(n, node_map());
		node_set(p, "name", node_scalar(st->players[i].name));
		node_set(p, "key", node_scalar(st->players[i].key));
		if (st->players[i].address != NULL)
			node_set(p, "address",
			    node_scalar(st->players[i].address));
	}
	if (st->organiser != NULL)
		node_set(root, "organiser", node_scalar(st->organiser));
	n = NULL;
	for (size_t k = 0; st->game->options != NULL &&
	    st->game->options[k].name != NULL; k++) {
		if (st->options[k] == NULL)
			continue;
		if (n == NULL)
			n = node_set(root, "options", node_map());
		node_set(n, st->game->options[k].name,
		    node_scalar(st->options[k]));
	}
	n = node_set(root, "rng", node_map());
	util_hex(st->seed, sizeof st->seed, hex);
	node_set(n, "seed", node_scalar(hex));
	node_set(n, "draws", node_int((long long)st->draws));
	node_set(root, "owed", state_owed_node(st));
	node_set(root, "outcome", state_outcome_node(st));
	prev = node_set(root, "previous", node_map());
	node_set(prev, "state", node_scalar(st->has_previous ? st->previous :
	    "none"));
	orders = node_set(prev, "orders", node_seq());
	for (size_t i = 0; i < st->napplied; i++) {
		struct node *o = node_push(orders, node_map());
		node_set(o, "turn", node_int(st->applied[i].turn));
		node_set(o, "player",
		    node_scalar(st->names[st->applied[i].player]));
		node_set(o, "sha256", node_scalar(st->applied[i].sha256));
	}
	log = node_set(root, "log", node_seq());
	for (size_t i = 0; i < st->log.n; i++) {
		struct node *ev = node_push(log, node_map());
		node_set(ev, "turn", node_int(st->log.v[i].point));
		if (st->log.v[i].to == EVENT_ALL)
			node_set(ev, "to", node_scalar("all"));
		else
			node_set(ev, "to", state_to_node(st, st->log.v[i].to));
		node_set(ev, "text", node_scalar(st->log.v[i].text));
	}
	node_set(root, st->game->id, st->game->save(st->g));
	yaml_write(root, out);
	node_free(root);
	node_arena_end();
}

void
state_bytes_sha256(const char *buf, size_t len, char out[COMMIT_HEX + 1])
{
	static const char addr[] = "    address: ";
	struct sbuf b;
	int players = 0;

	/* The lines of the top-level `players:` block (those after it that
	 * start with a space) that start with the address key are left
	 * out; every other byte counts. */
	sbuf_init(&b);
	for (const char *p = buf; p < buf + len;) {
		const char *nl = memchr(p, '\n', (size_t)(buf + len - p));
		size_t l = nl != NULL ? (size_t)(nl - p) + 1 :
		    (size_t)(buf + len - p);

		if (*p != ' ')
			players = l >= 9 && strncmp(p, "players:\n", 9) == 0;
		if (!(players && l >= sizeof addr - 1 &&
		    strncmp(p, addr, sizeof addr - 1) == 0))
			sbuf_add(&b, p, l);
		p += l;
	}
	crypto_sha256_hex(b.p != NULL ? b.p : "", b.len, out);
	sbuf_free(&b);
}

void
state_sha256(const struct state *st, char out[COMMIT_HEX + 1])
{
	size_t len;
	char *bytes = state_write(st, &len);

	state_bytes_sha256(bytes, len, out);
	free(bytes);
}

void
state_free(struct state *st)
{
	if (st->g != NULL)
		st->game->free(st->g);
	for (int i = 0; i < st->nplayers; i++) {
		free(st->players[i].name);
		free(st->players[i].key);
		free(st->players[i].address);
	}
	free(st->id);
	free(st->organiser);
	for (size_t k = 0; k < STATE_MAX_OPTIONS; k++)
		free(st->options[k]);
	free(st->applied);
	events_free(&st->log);
	memset(st, 0, sizeof *st);
}

void
state_point(const struct state *st, struct sbuf *out)
{
	if (st->game->outcome(st->g).finished && st->turn > 1) {
		sbuf_puts(out, "over after point ");
		sbuf_int(out, st->turn - 1);
	} else {
		sbuf_puts(out, "point ");
		sbuf_int(out, st->turn);
	}
}
