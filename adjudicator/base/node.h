/* node.h - the document tree shared by the core and the games.
 *
 * Games never see YAML: the core reads files into this tree (with the line
 * and column of every node) and writes trees out canonically.  A game reads
 * its own section of the state from a tree and builds a tree to save it. */
#ifndef GUNBAI_NODE_H
#define GUNBAI_NODE_H

#include <stddef.h>

#include "base/util.h"

enum node_kind { NODE_SCALAR, NODE_SEQ, NODE_MAP };

struct node {
	enum node_kind kind;
	int line; /* 1-based position in the file read; 0 if built in memory */
	int col;
	char *str;   /* SCALAR: the value, NUL-terminated, never has a NUL */
	size_t len;  /* SCALAR: strlen(str) */
	int quoted;  /* SCALAR: written quoted or as a block in the file */
	int arena;   /* made in the node arena (node_arena_begin) */
	struct node **keys;  /* MAP: key scalars, in file or insertion order
	                      * (in items' allocation: items + cap) */
	struct node **items; /* SEQ: items; MAP: the value of keys[i] */
	size_t n;
	size_t cap;
};

/* Building.  All return a new node owned by the caller (or by the
 * container it is added to). */
struct node *node_scalar(const char *s);
/* The len bytes at s (no NUL among them). */
struct node *node_scalarn(const char *s, size_t len);
struct node *node_scalarf(const char *fmt, ...) GB_PRINTF(1, 2);
struct node *node_int(long long v);
/* For trees that become JSON (game_entry.view_data): a string that stays
 * a string even if it reads as a number or a boolean ("1234", "true"),
 * and a boolean. */
struct node *node_text(const char *s);
struct node *node_bool(int v);
struct node *node_seq(void);
struct node *node_map(void);
/* Append item to a sequence; returns item. */
struct node *node_push(struct node *seq, struct node *item);
/* Append key: value to a map (the caller keeps keys unique); returns
 * value. */
struct node *node_set(struct node *map, const char *key, struct node *value);
/* The same with the key's scalar node, which the map takes. */
struct node *node_put(struct node *map, struct node *key, struct node *value);
void node_free(struct node *n);

/* The node arena, for a tree made and dropped at once (a report's view):
 * nodes made between node_arena_begin and node_arena_end come from one
 * arena (util.h) instead of one allocation each; node_free frees none of
 * them (only the nodes from outside it in their tree), and
 * node_arena_end gives them all back at once: none may be used after.
 * Pairs may nest: the outermost end gives the nodes back. */
void node_arena_begin(void);
void node_arena_end(void);

/* Looking up.  node_get returns NULL when map has no such key or is not a
 * map. */
const struct node *node_get(const struct node *map, const char *key);

/* Checked access: on failure set e to a message at the node's position and
 * return -1.  "what" names the field in messages ("turn", "players"). */
int node_want_kind(const struct node *n, enum node_kind kind,
    const char *what, struct gb_err *e);
/* A required key of the given kind. */
int node_need(const struct node *map, const char *key, enum node_kind kind,
    const struct node **out, struct gb_err *e);
/* An integer written as a plain decimal scalar, within [min,max]. */
int node_want_int(const struct node *n, long long min, long long max,
    const char *what, long long *out, struct gb_err *e);
/* A required integer key. */
int node_need_int(const struct node *map, const char *key, long long min,
    long long max, long long *out, struct gb_err *e);
/* A required scalar key. */
int node_need_str(const struct node *map, const char *key, const char **out,
    struct gb_err *e);
/* A required scalar key whose value must be one of the n words; *index
 * gets which.  The message lists the words. */
int node_need_word(const struct node *map, const char *key,
    const char *const *words, size_t n, int *index, struct gb_err *e);
/* Refuse keys of map not in the NULL-terminated list allowed. */
int node_only_keys(const struct node *map, const char *const *allowed,
    struct gb_err *e);

/* Quote a value for a message: 'abc', with control characters, quotes
 * and backslashes escaped and values longer than NODE_QUOTE_MAX bytes cut
 * with "...", so a message stays on one line whatever a file holds.  out
 * needs NODE_QUOTE_MAX * 4 + 8 bytes. */
#define NODE_QUOTE_MAX 40
void node_quote(const char *s, char *out, size_t size);

#endif
