/* yaml.h - reading YAML into a node tree, and canonical writing.
 *
 * The reader accepts the subset gunbai's files use and refuses the rest with
 * a position: one document; mappings, sequences and scalars only; keys are
 * scalars and unique; no anchors, aliases or tags; nesting at most
 * YAML_MAX_DEPTH deep; at most YAML_MAX_NODES nodes.  A UTF-8 byte-order mark and CRLF line ends are
 * accepted.  Every scalar is a string; games ask for integers explicitly.
 *
 * The writer is canonical: a tree has exactly one serialisation (see
 * formats/canonical.md), and reading it back gives a tree
 * that writes to the same bytes. */
#ifndef GUNBAI_YAML_H
#define GUNBAI_YAML_H

#include <stddef.h>

#include "base/node.h"
#include "base/util.h"

#define YAML_MAX_DEPTH 32

/* Memory is bounded per input byte and in all.  A node (scalar, sequence
 * or mapping) costs at most about 200 bytes (the node, its string's
 * allocation, its slot in its parent, its key's copy) and takes at least
 * 2 bytes of input ("a,"); a document has at most YAML_MAX_NODES nodes,
 * so its tree takes at most about 26 MB whatever the input.  Beside the
 * tree: the input itself and libyaml's buffer for the longest scalar (at
 * most twice its length).  For a 16 MiB state (FILEIO_STATE_MAX) the peak
 * is under 64 MB; `make bench` measures it.  A real state (a game of
 * hundreds of points) has a few thousand nodes.  Duplicate keys are found
 * by comparing the keys of a mapping of at most 16 pair by pair, and by
 * sorting a larger mapping's keys: O(n log n) for any keys, so keys chosen
 * to collide in a hash cost nothing more. */
#define YAML_MAX_NODES (1 << 17)

/* Parse buf (len bytes, need not be NUL-terminated).  On success *out is
 * the root (a map, sequence or scalar) and 0 is returned; on failure -1
 * with e->line, e->col and e->msg set (e->file is left alone).  An empty
 * document is refused. */
int yaml_read(const char *buf, size_t len, struct node **out,
    struct gb_err *e);

/* Append the canonical YAML of root to out (ends with a newline). */
void yaml_write(const struct node *root, struct sbuf *out);

#endif
