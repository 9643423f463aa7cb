/* gamedir.h - a game directory: a whole game's archive and its inbox
 * (formats/archive.md).  gunbai new -d makes one, gunbai run adds a run
 * to it, gunbai verify replays it.
 *
 *     GAMEDIR/start.yaml           the state `new` made
 *     GAMEDIR/reports/             the first reports
 *     GAMEDIR/inbox/               orders files (+ .sig) as they arrive
 *     GAMEDIR/runs/0001/orders/    the files the run applied, byte for byte
 *     GAMEDIR/runs/0001/refused/   files refused whole, each NAME.reason
 *     GAMEDIR/runs/0001/kept/      copies of files kept for a later point
 *     GAMEDIR/runs/0001/nmr        present if the run was made with --nmr
 *     GAMEDIR/runs/0001/state.yaml
 *     GAMEDIR/runs/0001/reports/
 */
#ifndef GUNBAI_GAMEDIR_H
#define GUNBAI_GAMEDIR_H

#include <jansson.h>

#include "base/fileio.h"
#include "turn/commit.h"
#include "turn/state.h"

#define GAMEDIR_START "start.yaml"
#define GAMEDIR_STATE "state.yaml"
#define GAMEDIR_NMR "nmr"
#define GAMEDIR_REASON ".reason" /* the suffix of a refusal's reason */
#define GAMEDIR_NAME_MAX 100     /* bytes in the name of an orders file */
#define GAMEDIR_OUTBOX "outbox"  /* the messages for the MTA (mail.md) */
#define GAMEDIR_LEDGER "sent"    /* in outbox/: those the MTA took */
#define GAMEDIR_UNDONE "undone"  /* runs taken back (gunbai undo) */
#define GAMEDIR_LOCK ".lock"     /* held by run, undo and mail-in */
/* In outbox/: the SHA-256 of each state mail-in signed a receipt (or a
 * word that a file was not filed) against, one a line: undo takes back
 * no run whose state one names (formats/archive.md). */
#define GAMEDIR_RECEIPTS "receipts"
/* The inbox files a run that applied nothing refused whole and said so,
 * one line "refused POINT NAME SHA256" each: not said again until a run
 * applies (archive.md, "A file refused while nothing is applied"). */
#define GAMEDIR_TOLD "told"

/* The folders of a run, in the order verify reads them. */
#define GAMEDIR_ORDERS "orders"
#define GAMEDIR_REFUSED "refused"
#define GAMEDIR_KEPT "kept"

/* A name an orders file may have in an archive: 1 to GAMEDIR_NAME_MAX
 * letters, digits, '.', '_' or '-', not starting with '.', not ending in
 * ".sig" or ".reason".  Such a name is one safe path component. */
int gamedir_valid_name(const char *name);

/* "DIR/runs/NNNN/rel" (run > 0) or "DIR/rel" (run 0); rel may be NULL.
 * Caller frees. */
char *gamedir_path(const char *dir, long long run, const char *rel);

/* The state after run (start.yaml for run 0).  Caller frees. */
char *gamedir_state_path(const char *dir, long long run);

/* The names in directory path, sorted bytewise; hidden ones (starting
 * with '.') only if hidden is set.  Returns 0, or -1 with e set. */
int gamedir_list(const char *path, int hidden, struct strlist *names,
    struct gb_err *e);

/* Wait for and hold dir's lock (DIR/.lock, flock(2)), which run, undo
 * and mail-in hold from reading the newest state to writing what they
 * make: a file is filed against the state the next run starts from.
 * Returns the descriptor (gamedir_unlock releases it; so does the
 * process's end), or -1 with e set. */
int gamedir_lock(const char *dir, struct gb_err *e);
void gamedir_unlock(int fd);

/* How many runs DIR/runs holds: they must be runs/0001 to runs/N, with
 * nothing else there but hidden leftovers of killed runs.  Returns 0 with
 * *n set, or -1 with e set. */
int gamedir_runs(const char *dir, long long *n, struct gb_err *e);

/* Read the state file at path (capped), its SHA-256 in hex to sha (if not
 * NULL), and parse it.  Returns 0, or -1 with e set. */
int gamedir_load(const char *path, struct state *st, char *sha,
    struct gb_err *e);

/* Is the file at path exactly the len bytes at data?  0 if not, or if it
 * cannot be read. */
int gamedir_same(const char *path, const char *data, size_t len);

struct orders_file;

/* Where files[i] belongs in a run that made st from the files (all of
 * them, orders_sort()ed): GAMEDIR_ORDERS if it was applied, GAMEDIR_KEPT
 * if it is kept for a later point, GAMEDIR_REFUSED otherwise.  A copy of
 * a file goes where that file goes, as refused if it was applied.  `run`
 * sorts files by it; `verify` checks that each file is where it says. */
const char *gamedir_place(const struct state *st,
    const struct orders_file *files, size_t n, size_t i);

/* The orders files of dir's inbox that have their .sig, read (orders_
 * read_mem) against st as run reads them, each named "inbox/NAME"; *n of
 * them.  Caller frees each (orders_free) and the array. */
struct orders_file *gamedir_inbox(const char *dir, const struct state *st,
    size_t *n);

/* What dir's inbox holds for one decision owed in st: the file run would
 * take for it (the highest revision of a good file), if any, and what its
 * orders make. */
struct gamedir_filed {
	int player;
	int filed;                     /* a good file for the point */
	char sha256[COMMIT_HEX + 1];   /* if filed: its SHA-256 (hex) */
	long long revision;
	size_t orders, accepted;       /* orders in it, accepted now */
	int complete;                  /* they are a whole answer */
};

/* Into out, one per player owing a decision in st (none once the game
 * is over): what dir's inbox holds for it.  Returns how many. */
size_t gamedir_filed_data(const char *dir, const struct state *st,
    struct gamedir_filed out[GAME_MAX_PLAYERS]);

/* gamedir_filed's viewer: the organiser (gunbai status), who sees every
 * file's details; or no player (a reply to an address that is none). */
#define GAMEDIR_VIEW_ALL (-2)
#define GAMEDIR_VIEW_NONE (-1)

/* gamedir_filed_data as lines to out, one per owed player: "NAME: filed
 * point T (N orders, a whole answer), waiting for the deadline", "NAME:
 * filed point T, but it is incomplete (...): what the deadline does and
 * how to correct it", or "NAME: nothing filed yet for point T".  Those
 * details are given only of viewer's own file (a player index), or of
 * every file for GAMEDIR_VIEW_ALL: of another player's file a reply says
 * only what every player may see, "NAME: filed point T" (how many orders
 * a file holds, or whether they are a whole answer, can tell a hidden
 * choice, such as a sealed deck list that is not the standard one). */
void gamedir_filed(const char *dir, const struct state *st, int viewer,
    struct sbuf *out);

/* What the revisions in dir's inbox make of the good file f, filed there
 * (mail-in's reply), added to out as whole sentences: that a higher
 * revision there replaces it and is the one run will use, or which lower
 * revisions it replaces; nothing if it is the only one.  Returns the
 * revision a correction must have: one above the highest filed. */
long long gamedir_revisions(const char *dir, const struct state *st,
    const struct orders_file *f, struct sbuf *out);

/* gamedir_filed_data for `status --json` (formats/commands.schema.json):
 * an array of player, filed, and for a file filed its sha256, revision,
 * orders, accepted and complete (null otherwise). */
json_t *gamedir_filed_json(const char *dir, const struct state *st);

/* How old (seconds) a temporary file or directory of a killed command
 * must be before the next command takes it for a leftover: one still
 * being written by a command at work is younger. */
#define GAMEDIR_LEFTOVER_AGE 600

/* Remove the temporary files (.gunbai.XXXXXX) and staged directories
 * (.gunbai-out.XXXXXX) that commands killed at work left in dir, its
 * inbox, runs and outbox, when at least GAMEDIR_LEFTOVER_AGE old at now
 * (seconds since 1970).  Returns how many were removed. */
size_t gamedir_sweep(const char *dir, long long now);

/* Note in dir's outbox/receipts that a signed receipt names the state
 * whose SHA-256 is sha (hex), flushed before it is sent: 0, or -1 with
 * e set. */
int gamedir_receipt_note(const char *dir, const char *sha,
    struct gb_err *e);

/* Does a note of gamedir_receipt_note name sha?  1 or 0; -1 (e set) if
 * the notes cannot be read. */
int gamedir_receipted(const char *dir, const char *sha, struct gb_err *e);

struct crypto_key;
struct evidence_run;

/* Stage the reports of st (reports/NAME.txt and reports/public.txt) and
 * its bytes as statename in s.  When st names an organiser, key signs
 * each text and JSON report's evidence (run: what the run took, NULL for
 * the start; formats/evidence.md). */
int gamedir_stage_outputs(struct fileio_stage *s, const struct state *st,
    const char *statename, struct crypto_key *key,
    const struct evidence_run *run, struct gb_err *e);

/* Make the game directory dir for the new game st: start.yaml, the first
 * reports (signed with key if st names an organiser), an empty inbox and
 * runs; whole or not at all. */
int gamedir_create(const char *dir, const struct state *st,
    struct crypto_key *key, struct gb_err *e);

#endif
