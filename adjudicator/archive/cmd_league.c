/* cmd_league.c - gunbai league: many game directories at once.
 *
 * A league directory holds one game directory per game (formats/archive.md)
 * and nothing else that matters: every entry whose name is a valid game
 * directory name and that holds start.yaml is a game; hidden entries are
 * ignored and others are named as skipped.  Games are taken in the byte
 * order of their names, so every listing and summary is the same
 * whatever order the file system gives.
 *
 *   status     every game: its kind, turn, and who owes what or how it
 *              ended; then per player what they owe across all games
 *   run        `gunbai run` (with --nmr if given) on every game that is
 *              going on, N at a time (-j N); one failing game never stops
 *              the others; each game's output, then a summary
 *   standings  per player and per game kind: played, won, drawn, lost,
 *              from the games that are over
 *   verify     `gunbai verify` on every game, N at a time; a summary
 *
 * Games are independent: `run` and `verify` fork one process per game and
 * print each game's output whole, in game order, whatever order they end
 * in. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "archive/cmd.h"
#include "archive/gamedir.h"
#include "archive/league.h"
#include "archive/schedule.h"
#include "report/report_json.h"
#include "turn/state.h"
#include "turn/registry.h"

#define LEAGUE_JOBS_MAX 64

static int
league_is_game(const char *dir)
{
	char *start = gamedir_path(dir, 0, GAMEDIR_START);
	struct stat sb;
	int r = stat(start, &sb) == 0 && S_ISREG(sb.st_mode);

	free(start);
	return r;
}

int
league_open(struct league *lg, const char *dir)
{
	struct gb_err e = { 0 };
	struct strlist names = { 0 };

	memset(lg, 0, sizeof *lg);
	lg->dir = dir;
	if (gamedir_list(dir, 0, &names, &e) == -1)
		return cmd_fail_err(-1, &e);
	lg->v = util_calloc(names.n + 1, sizeof *lg->v);
	for (size_t i = 0; i < names.n; i++) {
		char *gdir = gamedir_path(dir, 0, names.v[i]), *path;
		struct league_game *g;

		/* The league's own mail (league tick, mail-in) is no game
		 * and no stranger. */
		if (strcmp(names.v[i], LEAGUE_OUTBOX) == 0) {
			free(gdir);
			continue;
		}
		if (!gamedir_valid_name(names.v[i]) || !league_is_game(gdir)) {
			strlist_add(&lg->skipped, names.v[i]);
			free(gdir);
			continue;
		}
		g = &lg->v[lg->n++];
		g->name = util_strdup(names.v[i]);
		g->dir = gdir;
		if (gamedir_runs(gdir, &g->runs, &e) == -1) {
			err_format(&e, g->why, sizeof g->why);
			continue;
		}
		path = gamedir_state_path(gdir, g->runs);
		if (gamedir_load(path, &g->st, NULL, &e) == -1)
			err_format(&e, g->why, sizeof g->why);
		else
			g->loaded = 1;
		free(path);
	}
	strlist_free(&names);
	return 0;
}

void
league_close(struct league *lg)
{
	for (size_t i = 0; i < lg->n; i++) {
		if (lg->v[i].loaded)
			state_free(&lg->v[i].st);
		free(lg->v[i].name);
		free(lg->v[i].dir);
	}
	free(lg->v);
	strlist_free(&lg->skipped);
}

static int
league_over(const struct league_game *g)
{
	return g->loaded && g->st.game->outcome(g->st.g).finished;
}

/* "won by alice and bob: reason" or "a draw: reason". */
static void
league_result(const struct league_game *g, struct sbuf *out)
{
	struct outcome oc = g->st.game->outcome(g->st.g);
	int k = 0;

	for (int i = 0; i < g->st.nplayers; i++)
		if (oc.winners & EVENT_TO(i))
			sbuf_printf(out, "%s%s", k++ ? " and " : "won by ",
			    g->st.names[i]);
	if (k == 0)
		sbuf_puts(out, "a draw");
	sbuf_printf(out, ": %s", oc.reason);
}

/* ---- status ------------------------------------------------------- */

/* Every player of the league, in byte order. */
static void
league_players(const struct league *lg, struct strlist *out)
{
	for (size_t i = 0; i < lg->n; i++) {
		const struct league_game *g = &lg->v[i];

		for (int p = 0; g->loaded && p < g->st.nplayers; p++) {
			size_t k = 0;

			while (k < out->n && strcmp(out->v[k], g->st.names[p]))
				k++;
			if (k == out->n)
				strlist_add(out, g->st.names[p]);
		}
	}
	for (size_t i = 1; i < out->n; i++)
		for (size_t k = i; k > 0 &&
		    strcmp(out->v[k - 1], out->v[k]) > 0; k--) {
			char *t = out->v[k];
			out->v[k] = out->v[k - 1];
			out->v[k - 1] = t;
		}
}

/* The schedule of a game going on, as tick keeps it: its next deadline
 * and the times around it (no clock is read: the organiser compares them
 * with the time). */
static void
league_status_schedule(const struct league_game *g)
{
	struct schedule s;
	struct gb_err e = { 0 };
	int r = schedule_read(g->dir, &s, &e);

	if (r == -1) {
		printf("  schedule: unreadable: %s\n", e.msg);
		return;
	}
	if (r == 0) {
		printf("  no schedule: run by hand (gunbai schedule)\n");
		return;
	}
	printf("  ");
	schedule_times(&s, stdout);
}

static void
league_status_text(const struct league *lg)
{
	struct strlist players = { 0 };
	struct gamedir_filed (*filed)[GAME_MAX_PLAYERS];
	size_t over = 0, bad = 0, *nfiled;

	for (size_t i = 0; i < lg->n; i++) {
		over += league_over(&lg->v[i]);
		bad += !lg->v[i].loaded;
	}
	printf("league %s: %zu game%s, %zu going on, %zu over%s\n", lg->dir,
	    lg->n, lg->n == 1 ? "" : "s", lg->n - over - bad, over,
	    bad ? ", some unreadable" : "");
	for (size_t i = 0; i < lg->n; i++) {
		const struct league_game *g = &lg->v[i];
		struct owed owed[GAME_MAX_PLAYERS];
		struct sbuf b;
		size_t n;

		if (!g->loaded) {
			printf("%s: unreadable: %s\n", g->name, g->why);
			continue;
		}
		sbuf_init(&b);
		if (league_over(g)) {
			sbuf_puts(&b, "over, ");
			league_result(g, &b);
		} else {
			n = g->st.game->owed(g->st.g, owed);
			sbuf_puts(&b, "owed by");
			for (size_t k = 0; k < n; k++)
				sbuf_printf(&b, "%s %s (%s)", k ? "," : "",
				    g->st.names[owed[k].player],
				    owed[k].decision);
		}
		printf("%s: %s, turn %lld, run %lld: %s\n", g->name,
		    g->st.game->id, g->st.turn, g->runs, b.p);
		sbuf_free(&b);
		if (!league_over(g))
			league_status_schedule(g);
	}
	for (size_t i = 0; i < lg->skipped.n; i++)
		printf("skipped %s: not a game directory\n", lg->skipped.v[i]);
	league_players(lg, &players);
	/* What each game's inbox holds for each decision owed (in owed's
	 * order), read once: the organiser's view, as gunbai status. */
	filed = util_calloc(lg->n + 1, sizeof *filed);
	nfiled = util_calloc(lg->n + 1, sizeof *nfiled);
	for (size_t i = 0; i < lg->n; i++)
		if (lg->v[i].loaded && !league_over(&lg->v[i]))
			nfiled[i] = gamedir_filed_data(lg->v[i].dir,
			    &lg->v[i].st, filed[i]);
	printf("players:\n");
	for (size_t k = 0; k < players.n; k++) {
		struct sbuf b;
		int count = 0, in = 0;

		sbuf_init(&b);
		for (size_t i = 0; i < lg->n; i++) {
			const struct league_game *g = &lg->v[i];
			struct owed owed[GAME_MAX_PLAYERS];
			size_t n;

			if (!g->loaded || league_over(g))
				continue;
			n = g->st.game->owed(g->st.g, owed);
			for (size_t o = 0; o < n; o++) {
				const struct gamedir_filed *d = o < nfiled[i] ?
				    &filed[i][o] : NULL;

				if (strcmp(g->st.names[owed[o].player],
				    players.v[k]) != 0)
					continue;
				sbuf_printf(&b, "%s %s turn %lld (%s)",
				    count++ ? "," : "", g->name, g->st.turn,
				    d == NULL || !d->filed ? "nothing filed" :
				    d->complete ? "filed" :
				    "filed, incomplete");
				in += d != NULL && d->filed && d->complete;
			}
		}
		if (count == 0)
			printf("  %s owes nothing\n", players.v[k]);
		else
			printf("  %s owes %d, %d filed in whole:%s\n",
			    players.v[k], count, in, b.p);
		sbuf_free(&b);
	}
	free(filed);
	free(nfiled);
	strlist_free(&players);
}

static json_t *
league_status_json(const struct league *lg)
{
	json_t *games = json_array(), *skipped = json_array();

	for (size_t i = 0; i < lg->n; i++) {
		const struct league_game *g = &lg->v[i];
		struct owed owed[GAME_MAX_PLAYERS];
		json_t *o, *ow;
		struct outcome oc;
		size_t n;

		if (!g->loaded) {
			json_array_append_new(games, json_pack("{s:s,s:s}",
			    "name", g->name, "unreadable", g->why));
			continue;
		}
		oc = g->st.game->outcome(g->st.g);
		o = json_pack("{s:s,s:s,s:s,s:I,s:I,s:b}", "name", g->name,
		    "game", g->st.game->id, "id", g->st.id, "turn",
		    (json_int_t)g->st.turn, "runs", (json_int_t)g->runs,
		    "finished", oc.finished);
		if (oc.finished) {
			json_t *w = json_array();

			for (int p = 0; p < g->st.nplayers; p++)
				if (oc.winners & EVENT_TO(p))
					json_array_append_new(w,
					    json_string(g->st.names[p]));
			json_object_set_new(o, "winners", w);
			json_object_set_new(o, "reason",
			    json_string(oc.reason));
		}
		ow = json_array();
		n = oc.finished ? 0 : g->st.game->owed(g->st.g, owed);
		for (size_t k = 0; k < n; k++)
			json_array_append_new(ow, json_pack("{s:s,s:s,s:s}",
			    "player", g->st.names[owed[k].player], "decision",
			    owed[k].decision, "what", owed[k].what));
		json_object_set_new(o, "owed", ow);
		json_array_append_new(games, o);
	}
	for (size_t i = 0; i < lg->skipped.n; i++)
		json_array_append_new(skipped, json_string(lg->skipped.v[i]));
	return json_pack("{s:s,s:o,s:o}", "format", "gunbai league status 1",
	    "games", games, "skipped", skipped);
}

/* ---- standings ---------------------------------------------------- */

enum { ST_PLAYED, ST_WON, ST_DRAWN, ST_LOST, ST_PLAYING, ST_COLS };
static const char *const league_cols[ST_COLS] = { "played", "won", "drawn",
	"lost", "playing" };

/* The standings of player in the games of kind (NULL: every kind). */
static void
league_tally(const struct league *lg, const char *player, const char *kind,
    long long t[ST_COLS])
{
	memset(t, 0, sizeof(long long) * ST_COLS);
	for (size_t i = 0; i < lg->n; i++) {
		const struct league_game *g = &lg->v[i];
		struct outcome oc;
		int p;

		if (!g->loaded || (kind && strcmp(kind, g->st.game->id)))
			continue;
		if ((p = state_player(&g->st, player)) == -1)
			continue;
		oc = g->st.game->outcome(g->st.g);
		if (!oc.finished) {
			t[ST_PLAYING]++;
			continue;
		}
		t[ST_PLAYED]++;
		if (oc.winners == 0)
			t[ST_DRAWN]++;
		else if (oc.winners & EVENT_TO(p))
			t[ST_WON]++;
		else
			t[ST_LOST]++;
	}
}

/* The game kinds of the league, in byte order. */
static void
league_kinds(const struct league *lg, struct strlist *out)
{
	for (size_t i = 0; i < game_count; i++)
		for (size_t k = 0; k < lg->n; k++)
			if (lg->v[k].loaded && lg->v[k].st.game ==
			    game_registry[i]) {
				strlist_add(out, game_registry[i]->id);
				break;
			}
}

static void
league_standings_table(const struct league *lg, const struct strlist *pl,
    const char *kind, json_t *into)
{
	long long t[ST_COLS];

	if (into == NULL)
		printf("%s:\n  %-32s %6s %4s %5s %4s %7s\n", kind ? kind :
		    "all games", "player", "played", "won", "drawn", "lost",
		    "playing");
	for (size_t k = 0; k < pl->n; k++) {
		league_tally(lg, pl->v[k], kind, t);
		if (t[ST_PLAYED] + t[ST_PLAYING] == 0)
			continue;
		if (into != NULL) {
			json_t *o = json_pack("{s:s}", "player", pl->v[k]);

			for (int c = 0; c < ST_COLS; c++)
				json_object_set_new(o, league_cols[c],
				    json_integer(t[c]));
			json_array_append_new(into, o);
			continue;
		}
		printf("  %-32s %6lld %4lld %5lld %4lld %7lld\n", pl->v[k],
		    t[ST_PLAYED], t[ST_WON], t[ST_DRAWN], t[ST_LOST],
		    t[ST_PLAYING]);
	}
}

static json_t *
league_standings(const struct league *lg, int json)
{
	struct strlist players = { 0 }, kinds = { 0 };
	json_t *root = NULL, *by = NULL, *all = NULL;

	league_players(lg, &players);
	league_kinds(lg, &kinds);
	if (json) {
		all = json_array();
		by = json_object();
	}
	league_standings_table(lg, &players, NULL, all);
	for (size_t i = 0; i < kinds.n; i++) {
		json_t *t = json ? json_array() : NULL;

		league_standings_table(lg, &players, kinds.v[i], t);
		if (json)
			json_object_set_new(by, kinds.v[i], t);
	}
	if (json)
		root = json_pack("{s:s,s:o,s:o}", "format",
		    "gunbai league standings 1", "all", all, "by_game", by);
	strlist_free(&players);
	strlist_free(&kinds);
	return root;
}

/* ---- run and verify: one process per game ------------------------- */

struct league_job {
	pid_t pid;
	FILE *out; /* the child's stdout, and its stderr but with --json */
	FILE *err; /* with --json, the child's stderr */
	int status;
};

/* What league_each gathers of each game with --json: its document (or
 * NULL) and its lines on stderr. */
struct league_json {
	json_t **docs;
	json_t **errs;
};

static void
league_job_close(struct league_job *job)
{
	if (job->out != NULL)
		fclose(job->out);
	if (job->err != NULL)
		fclose(job->err);
	job->out = job->err = NULL;
}

/* Run `gunbai CMD [--nmr] [--json] GAMEDIR` for game i in a child whose
 * output goes to a file of its own. */
static int
league_start(const struct league *lg, size_t i, const char *cmd, int nmr,
    int json, struct league_job *job)
{
	char *argv[5];
	int argc = 0;

	job->out = tmpfile();
	job->err = json ? tmpfile() : NULL;
	if (job->out == NULL || (json && job->err == NULL)) {
		league_job_close(job);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	job->pid = fork();
	if (job->pid == -1) {
		league_job_close(job);
		return -1;
	}
	if (job->pid > 0)
		return 0;
	if (dup2(fileno(job->out), STDOUT_FILENO) == -1 ||
	    dup2(fileno(json ? job->err : job->out), STDERR_FILENO) == -1)
		_exit(EXIT_OUTPUT);
	argv[argc++] = (char *)cmd;
	if (nmr)
		argv[argc++] = (char *)"--nmr";
	if (json)
		argv[argc++] = (char *)"--json";
	argv[argc++] = lg->v[i].dir;
	argv[argc] = NULL;
	if (strcmp(cmd, "run") == 0)
		exit(cmd_run(argc, argv));
	exit(cmd_verify(argc, argv));
}

/* Copy a finished job's output to stdout, indented. */
static void
league_print_output(struct league_job *job)
{
	char line[4096];
	int bol = 1;

	rewind(job->out);
	while (fgets(line, sizeof line, job->out) != NULL) {
		if (bol)
			fputs("  ", stdout);
		fputs(line, stdout);
		bol = strchr(line, '\n') != NULL;
	}
	if (!bol)
		putchar('\n');
	league_job_close(job);
}

/* A finished job's document and stderr lines, with --json. */
static void
league_collect(struct league_job *job, json_t **doc, json_t **errs)
{
	char line[4096];

	rewind(job->out);
	*doc = json_loadf(job->out, 0, NULL);
	*errs = json_array();
	rewind(job->err);
	while (fgets(line, sizeof line, job->err) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		json_array_append_new(*errs, report_json_str(line));
	}
	league_job_close(job);
}

/* Run cmd over the games selected in want, jobs at a time; status[i]
 * gets each exit status (-1: could not be started or died). */
static void
league_each(const struct league *lg, const char *cmd, int nmr, int jobs,
    const int *want, int *status, struct league_json *js)
{
	struct league_job *job = util_calloc(lg->n + 1, sizeof *job);
	size_t next = 0, printed = 0;
	int running = 0;

	for (size_t i = 0; i < lg->n; i++)
		job[i].status = -1;
	while (printed < lg->n) {
		while (next < lg->n && (running < jobs || !want[next])) {
			if (want[next] && league_start(lg, next, cmd, nmr,
			    js != NULL, &job[next]) == 0)
				running++;
			next++;
		}
		if (running > 0) {
			int ws;
			pid_t pid = wait(&ws);

			for (size_t i = 0; pid > 0 && i < next; i++)
				if (job[i].pid == pid && job[i].out) {
					job[i].status = WIFEXITED(ws) ?
					    WEXITSTATUS(ws) : -1;
					job[i].pid = 0;
					running--;
				}
			if (pid == -1 && errno != EINTR)
				running = 0;
		}
		/* Print, in game order, every game that is done. */
		while (printed < next && (!want[printed] ||
		    job[printed].pid == 0 || job[printed].out == NULL)) {
			if (want[printed] && js != NULL) {
				if (job[printed].out != NULL)
					league_collect(&job[printed],
					    &js->docs[printed],
					    &js->errs[printed]);
			} else if (want[printed]) {
				printf("%s: %s\n", lg->v[printed].name, cmd);
				if (job[printed].out != NULL)
					league_print_output(&job[printed]);
				else
					printf("  could not be started\n");
			}
			status[printed] = job[printed].status;
			printed++;
		}
	}
	free(job);
}

/* With --json, the arrays league_each fills; NULL without. */
static struct league_json *
league_json_new(const struct league *lg, int json, struct league_json *js)
{
	if (!json)
		return NULL;
	js->docs = util_calloc(lg->n + 1, sizeof *js->docs);
	js->errs = util_calloc(lg->n + 1, sizeof *js->errs);
	return js;
}

/* One game's entry in a --json document: its result in one word, the
 * exit status of its command (null if it did not run), the command's own
 * document and its lines on stderr; js->docs[i] and errs[i] move there. */
static json_t *
league_json_game(const struct league *lg, size_t i, const char *result,
    int status, int ran, struct league_json *js)
{
	json_t *o = json_pack("{s:o,s:s,s:o,s:o,s:o,s:o}",
	    "name", report_json_str(lg->v[i].name),
	    "result", result,
	    "status", ran && status >= 0 ? json_integer(status) : json_null(),
	    "why", lg->v[i].loaded ? json_null() :
	    report_json_str(lg->v[i].why),
	    "output", js->docs[i] != NULL ? js->docs[i] : json_null(),
	    "stderr", js->errs[i] != NULL ? js->errs[i] : json_array());

	js->docs[i] = js->errs[i] = NULL;
	return o;
}

/* The --json document of league run or verify, printed; frees js. */
static void
league_json_print(const struct league *lg, const char *format, json_t *games,
    json_t *totals, struct league_json *js)
{
	json_t *skipped = json_array();

	for (size_t i = 0; i < lg->skipped.n; i++)
		json_array_append_new(skipped,
		    report_json_str(lg->skipped.v[i]));
	report_json_print(json_pack("{s:s,s:o,s:o,s:o,s:o}", "format", format,
	    "dir", report_json_str(lg->dir), "games", games, "skipped",
	    skipped, "totals", totals));
	free(js->docs);
	free(js->errs);
}

static int
league_run(const struct league *lg, int nmr, int jobs, int json)
{
	int *want = util_calloc(lg->n + 1, sizeof *want);
	int *status = util_calloc(lg->n + 1, sizeof *status);
	size_t ran = 0, waiting = 0, over = 0, failed = 0;
	struct league_json js, *jsp = league_json_new(lg, json, &js);
	json_t *games = json ? json_array() : NULL;

	for (size_t i = 0; i < lg->n; i++)
		want[i] = lg->v[i].loaded && !league_over(&lg->v[i]);
	league_each(lg, "run", nmr, jobs, want, status, jsp);
	for (size_t i = 0; i < lg->n; i++) {
		const char *result;

		if (!lg->v[i].loaded) {
			if (!json)
				printf("%s: unreadable: %s\n", lg->v[i].name,
				    lg->v[i].why);
			failed++;
			result = "unreadable";
		} else if (!want[i]) {
			over++;
			result = "over";
		} else if (status[i] == EXIT_OK) {
			ran++;
			result = "run";
		} else if (status[i] == EXIT_WAITING) {
			waiting++;
			result = "waiting";
		} else {
			failed++;
			result = "failed";
		}
		if (json)
			json_array_append_new(games, league_json_game(lg, i,
			    result, status[i], want[i], jsp));
	}
	if (json)
		league_json_print(lg, LEAGUE_RUN_JSON_FORMAT, games,
		    json_pack("{s:I,s:I,s:I,s:I,s:I}", "games",
		    (json_int_t)lg->n, "run", (json_int_t)ran, "waiting",
		    (json_int_t)waiting, "over", (json_int_t)over, "failed",
		    (json_int_t)failed), jsp);
	else
		printf("league %s: %zu game%s: %zu run, %zu waiting for "
		    "orders, %zu over, %zu failed\n", lg->dir, lg->n,
		    lg->n == 1 ? "" : "s", ran, waiting, over, failed);
	free(want);
	free(status);
	return failed ? EXIT_REFUSED : EXIT_OK;
}

static int
league_verify(const struct league *lg, int jobs, int json)
{
	int *want = util_calloc(lg->n + 1, sizeof *want);
	int *status = util_calloc(lg->n + 1, sizeof *status);
	size_t good = 0;
	struct league_json js, *jsp = league_json_new(lg, json, &js);
	json_t *games = json ? json_array() : NULL;

	for (size_t i = 0; i < lg->n; i++)
		want[i] = 1;
	league_each(lg, "verify", 0, jobs, want, status, jsp);
	for (size_t i = 0; i < lg->n; i++) {
		good += status[i] == EXIT_OK;
		if (json)
			json_array_append_new(games, league_json_game(lg, i,
			    status[i] == EXIT_OK ? "ok" : "failed", status[i],
			    1, jsp));
	}
	if (json)
		league_json_print(lg, LEAGUE_VERIFY_JSON_FORMAT, games,
		    json_pack("{s:I,s:I,s:I}", "games", (json_int_t)lg->n,
		    "verified", (json_int_t)good, "failed",
		    (json_int_t)(lg->n - good)), jsp);
	else
		printf("league %s: %zu game%s verified, %zu FAILED\n", lg->dir,
		    good, good == 1 ? "" : "s", lg->n - good);
	free(want);
	free(status);
	return good == lg->n ? EXIT_OK : EXIT_REFUSED;
}

/* ---- the command -------------------------------------------------- */

static int
league_usage(FILE *f)
{
	fprintf(f, "usage: gunbai league %s\n", CMD_LEAGUE_USAGE);
	return f == stdout ? EXIT_OK : EXIT_USAGE;
}

int
cmd_league(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "nmr", no_argument, NULL, 'n' },
		{ "json", no_argument, NULL, 'J' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct league lg;
	const char *action;
	long long jobs = 1;
	int c, nmr = 0, json = 0, status = EXIT_OK;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "j:", opts, NULL)) != -1) {
		switch (c) {
		case 'n': nmr = 1; break;
		case 'J': json = 1; break;
		case 'j':
			if (util_parse_int(optarg, 1, LEAGUE_JOBS_MAX, &jobs))
				return cmd_fail(EXIT_USAGE, "-j takes a number "
				    "of jobs from 1 to %d", LEAGUE_JOBS_MAX);
			break;
		case 'h': return league_usage(stdout);
		default: return league_usage(stderr);
		}
	}
	if (optind != argc - 2)
		return league_usage(stderr);
	action = argv[optind + 1];
	if ((nmr && strcmp(action, "run")) ||
	    (jobs != 1 && strcmp(action, "run") && strcmp(action, "verify")))
		return league_usage(stderr);
	if (strcmp(action, "status") && strcmp(action, "run") &&
	    strcmp(action, "standings") && strcmp(action, "verify"))
		return cmd_fail(EXIT_USAGE, "league: no action '%s': status, "
		    "run, standings or verify", action);
	if (league_open(&lg, argv[optind]) == -1)
		return EXIT_INPUT;
	json_set_alloc_funcs(util_malloc, free);
	if (!strcmp(action, "status") && json)
		report_json_print(league_status_json(&lg));
	else if (!strcmp(action, "status"))
		league_status_text(&lg);
	else if (!strcmp(action, "standings") && json)
		report_json_print(league_standings(&lg, 1));
	else if (!strcmp(action, "standings"))
		league_standings(&lg, 0);
	else if (!strcmp(action, "run"))
		status = league_run(&lg, nmr, (int)jobs, json);
	else
		status = league_verify(&lg, (int)jobs, json);
	league_close(&lg);
	return status;
}
