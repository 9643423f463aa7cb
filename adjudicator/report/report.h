/* report.h - the plain-text report of one player, or the public one.
 * Built from the state alone, so `gunbai view` prints exactly what
 * `gunbai adjudicate` wrote.  At most REPORT_WIDTH columns. */
#ifndef GUNBAI_REPORT_H
#define GUNBAI_REPORT_H

#include "report/report_json.h"
#include "report/template.h"
#include "turn/state.h"
#include "base/util.h"


/* The lines of a report's "Evidence" section (formats/threats.md), each a
 * label and a value in hex: the game's uid, the commitment to its seed,
 * the SHA-256 of the state the report is made from and of the state
 * before it, and, in the public report of a finished game, the seed.
 * The state lines depend on hidden things, as a hash of them must; they
 * reveal nothing while the seed in the state is secret. */
#define REPORT_EV_UID    "uid     "
#define REPORT_EV_COMMIT "commit  "
#define REPORT_EV_STATE  "state   "
#define REPORT_EV_FROM   "from    "
#define REPORT_EV_SEED   "seed    "
#define REPORT_EV_SETUP  "setup   " /* a line of the setup record */

/* The report of player (an index), or the public report (player -1),
 * appended to out through the one escaping rule (escape.h). */
void report_build(const struct state *st, int player, struct sbuf *out);

/* What a player is sent, each as reports/NAME.SUFFIX: the text report,
 * the JSON report (report_json.h) and the picture (game_entry.picture);
 * report_kinds[k] is the suffix of kind k. */
enum { REPORT_TEXT, REPORT_JSON, REPORT_SVG, REPORT_KINDS };
extern const char *const report_kinds[REPORT_KINDS];

/* The bytes of report kind k for player (or the public, -1); the caller
 * frees them.  state_hex is st's hash (state_sha256), which the text and
 * JSON reports show: a caller making several reports of one state, or
 * holding its bytes already, computes it once; NULL has it computed
 * here. */
char *report_make(const struct state *st, const char *state_hex,
    int player, int kind, size_t *len);
/* What the reports of one state's players may share, made for the first
 * report that needs it and taken by the next: the view's JSON
 * (report_json.h) and, for a game whose picture is the same for every
 * player (game_entry.picture_public), the picture.  Zeroed before the
 * first report of a state, used for that state only, then freed with
 * report_shared_free. */
struct report_shared {
	struct report_json_view view;
	char *picture;
	size_t picture_len;
};
void report_shared_free(struct report_shared *sh);

/* Every kind of report of player at once, out[k] being report_make's
 * kind k (len[k] bytes; the caller frees each): the same bytes, with the
 * orders template the text and JSON reports share made once, and what
 * sh holds (NULL: nothing shared) taken from it or put in it. */
void report_make_all(const struct state *st, const char *state_hex,
    int player, struct report_shared *sh, char *out[REPORT_KINDS],
    size_t len[REPORT_KINDS]);

/* What `gunbai status` prints: the game, its turn, its players and the
 * decisions owed now ("owed: NAME: DECISION: WHAT"), or the outcome;
 * appended to out, not escaped. */
void report_status(const struct state *st, struct sbuf *out);

/* Append text word-wrapped to REPORT_WIDTH: the first line starts with
 * first, the others with rest (both count in the width). */
void report_wrap(struct sbuf *out, const char *first, const char *rest,
    const char *text);

#endif
