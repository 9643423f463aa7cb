/* main.c - the gunbai command line: one table of subcommands.
 * Only this file decides exit statuses (util.h, gunbai(1)). */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "turn/adjudicate.h"
#include "archive/cmd.h"
#include "mail/mail.h"
#include "archive/cmd_seed.h"
#include "turn/commit.h"
#include "base/crypto.h"
#include "base/escape.h"
#include "base/fileio.h"
#include "archive/gamedir.h"
#include "base/mail_addr.h"
#include "game/game.h"
#include "turn/orders.h"
#include "report/report.h"
#include "report/report_json.h"
#include "archive/run_json.h"
#include "archive/schedule.h"
#include "turn/setup.h"
#include "turn/state.h"
#include "turn/registry.h"

#include "page_sha256.h" /* made by the Makefile from page/gunbai-orders.html */

#ifndef GUNBAI_VERSION
#define GUNBAI_VERSION "unknown"
#endif

enum { CMD_JSON = 1, CMD_SVG = 2 };

struct cmd_entry {
	const char *name;
	const char *usage; /* after "gunbai NAME " */
	const char *about; /* what it does, for `gunbai help NAME` */
	int (*exec)(int argc, char **argv);
	unsigned takes;    /* CMD_JSON, CMD_SVG: the output options it takes */
};

static int cmd_games(int, char **);
static int cmd_new(int, char **);
static int cmd_status(int, char **);
static int cmd_check(int, char **);
static int cmd_adjudicate(int, char **);
static int cmd_view(int, char **);
static int cmd_mail(int, char **);
static int cmd_league_any(int, char **);
static int cmd_help(int, char **);

/* In the order of the man page's SYNOPSIS. */
static const struct cmd_entry cmd_table[] = {
	{ .name = "games", .usage = "", .exec = cmd_games,
	    .about = "Lists the games, their player counts, rulesets and "
	    "options with their\ndefaults." },
	{ .name = "new", .usage = "GAME --id ID "
	    "--player NAME=KEY.pem[,ADDRESS] ... "
	    "[--organiser KEY] [--seed HEX] [--option NAME=VALUE ...] "
	    "-o STATE | -d GAMEDIR "
	    "[--deadline TIME [--period DURATION] [--grace DURATION] "
	    "[--remind DURATION] [--no-nmr]]",
	    .exec = cmd_new,
	    .about = "Creates a game: its first state in STATE, or a game "
	    "directory GAMEDIR\nwith the first reports." },
	{ .name = "status", .usage = "STATE | GAMEDIR [--json]", .exec = cmd_status,
	    .takes = CMD_JSON,
	    .about = "Prints who owes which decision, or how the game "
	    "ended." },
	{ .name = "check", .usage = "STATE ORDERS ... [--json]",
	    .exec = cmd_check, .takes = CMD_JSON,
	    .about = "Checks orders files against a state without applying "
	    "anything; the exit\nstatus tells the worst verdict." },
	{ .name = "adjudicate", .usage = "[--nmr] STATE [ORDERS ...] -o OUTDIR "
	    "[--json]", .exec = cmd_adjudicate, .takes = CMD_JSON,
	    .about = "Applies every decision point the orders allow and "
	    "writes the new state\nand the reports in OUTDIR." },
	{ .name = "view", .usage = "STATE --player NAME | --public "
	    "[--json | --svg]", .exec = cmd_view, .takes = CMD_JSON | CMD_SVG,
	    .about = "Prints a player's report, or the public one, as "
	    "adjudicate wrote it." },
	{ .name = "run", .usage = CMD_RUN_USAGE, .exec = cmd_run,
	    .about = "One deadline of a game directory: adjudicates its "
	    "newest state with the\nfiles in its inbox and archives the "
	    "run as runs/NNNN." },
	{ .name = "undo", .usage = CMD_UNDO_USAGE, .exec = cmd_undo,
	    .about = "Takes back the last run of a game directory, made by "
	    "mistake, before its\nmail was sent: its files go back to the "
	    "inbox." },
	{ .name = "verify", .usage = CMD_VERIFY_USAGE, .exec = cmd_verify,
	    .about = "Replays every run of a game directory and checks "
	    "every signature, state\nand report." },
	{ .name = "league", .usage = CMD_LEAGUE_USAGE,
	    .exec = cmd_league_any,
	    .about = "Status, runs, standings or verification of every game "
	    "directory in\nLEAGUEDIR; its mail in, and its deadlines on a "
	    "clock (tick)." },
	{ .name = "schedule", .usage = CMD_SCHEDULE_USAGE,
	    .exec = cmd_schedule,
	    .about = "Shows or sets the deadlines of a game directory, "
	    "which league tick keeps." },
	{ .name = "mail-in", .usage = CMD_MAIL_IN_USAGE, .exec = cmd_mail,
	    .about = "Files the orders mailed to a game in its inbox and "
	    "writes a reply to\neach message." },
	{ .name = "mail-out", .usage = CMD_MAIL_OUT_USAGE, .exec = cmd_mail,
	    .about = "Writes the reports of a game directory or of one run "
	    "as mail messages\nready for sendmail -t." },
	{ .name = "check-seed", .usage = CMD_SEED_USAGE,
	    .exec = cmd_check_seed,
	    .about = "Checks that the seed a finished game revealed is the "
	    "one its reports\ncommitted to." },
	{ .name = "evidence", .usage = CMD_EVIDENCE_USAGE,
	    .exec = cmd_evidence,
	    .about = "Checks the organiser's signed reports and receipts a "
	    "player holds, and\nsays what they prove." },
	{ .name = "help", .usage = "[COMMAND]", .exec = cmd_help,
	    .about = "Lists the commands, or says what COMMAND does." },
};
#define CMD_COUNT (sizeof cmd_table / sizeof cmd_table[0])

static void
usage_all(FILE *f)
{
	for (size_t i = 0; i < CMD_COUNT; i++)
		fprintf(f, "%s gunbai %s%s%s\n", i == 0 ? "usage:" : "      ",
		    cmd_table[i].name, cmd_table[i].usage[0] ? " " : "",
		    cmd_table[i].usage);
	fprintf(f, "       gunbai --help | --version\n");
}

static const struct cmd_entry *
cmd_find(const char *name)
{
	for (size_t i = 0; i < CMD_COUNT; i++)
		if (strcmp(cmd_table[i].name, name) == 0)
			return &cmd_table[i];
	return NULL;
}

static int
usage_cmd(const char *name, FILE *f)
{
	const struct cmd_entry *c = cmd_find(name);

	if (c != NULL)
		fprintf(f, "usage: gunbai %s%s%s\n", name,
		    c->usage[0] ? " " : "", c->usage);
	return f == stdout ? EXIT_OK : EXIT_USAGE;
}

/* Write text to f through the one escaping rule (escape.h): whatever
 * a command line, a file name or a state holds, it cannot drive the
 * terminal.  Newlines are kept: text is whole lines of gunbai's own. */
static void
say(FILE *f, const char *text, size_t len)
{
	struct sbuf b;

	sbuf_init(&b);
	escape_add(&b, text, len, ESCAPE_LINES);
	fwrite(b.p, 1, b.len, f);
	sbuf_free(&b);
}

/* Write a JSON document made by report_json.c and free it. */
static void
cmd_print_json(char *bytes, size_t len)
{
	fwrite(bytes, 1, len, stdout);
	free(bytes);
}

/* "gunbai: " and the message on stderr; returns the status (cmd.h). */
#define failx cmd_fail

static void
fail(const struct gb_err *e)
{
	char buf[1200];

	err_format(e, buf, sizeof buf);
	failx(0, "%s", buf);
}

enum { OPT_HELP = 1000, OPT_NMR, OPT_PUBLIC, OPT_SEED,
	OPT_OPTION, OPT_ID, OPT_PLAYER, OPT_JSON, OPT_SVG, OPT_DEADLINE,
	OPT_PERIOD, OPT_GRACE, OPT_REMIND, OPT_NO_NMR, OPT_ORGANISER };

static const struct option cmd_options[] = {
	{ "help", no_argument, NULL, OPT_HELP },
	{ "nmr", no_argument, NULL, OPT_NMR },
	{ "public", no_argument, NULL, OPT_PUBLIC },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "option", required_argument, NULL, OPT_OPTION },
	{ "id", required_argument, NULL, OPT_ID },
	{ "player", required_argument, NULL, OPT_PLAYER },
	{ "output", required_argument, NULL, 'o' },
	{ "dir", required_argument, NULL, 'd' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "svg", no_argument, NULL, OPT_SVG },
	/* new -d: the game directory's schedule (schedule.h). */
	{ "deadline", required_argument, NULL, OPT_DEADLINE },
	{ "period", required_argument, NULL, OPT_PERIOD },
	{ "grace", required_argument, NULL, OPT_GRACE },
	{ "remind", required_argument, NULL, OPT_REMIND },
	{ "no-nmr", no_argument, NULL, OPT_NO_NMR },
	{ "organiser", required_argument, NULL, OPT_ORGANISER },
	{ NULL, 0, NULL, 0 }
};

/* Parsed options of any subcommand; each checks what it allows. */
struct cmd_args {
	int help, nmr, public, json, svg;
	const char *seed, *id, *out, *player, *dir, *organiser;
	const char *players[GAME_MAX_PLAYERS + 1];
	int nplayers;
	const char *options[32];
	int noptions;
	struct schedule_opts sched;
	int scheduled; /* a schedule option was given */
	int bad;
};

static void
cmd_parse(int argc, char **argv, struct cmd_args *a)
{
	int c;

	memset(a, 0, sizeof *a);
	a->sched.nmr = -1;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:d:", cmd_options, NULL)) != -1) {
		switch (c) {
		case OPT_HELP: a->help = 1; break;
		case OPT_NMR: a->nmr = 1; break;
		case OPT_PUBLIC: a->public = 1; break;
		case OPT_JSON: a->json = 1; break;
		case OPT_SVG: a->svg = 1; break;
		case OPT_SEED: a->seed = optarg; break;
		case OPT_ORGANISER: a->organiser = optarg; break;
		case OPT_ID: a->id = optarg; break;
		case 'o': a->out = optarg; break;
		case 'd': a->dir = optarg; break;
		case OPT_DEADLINE: a->sched.deadline = optarg; break;
		case OPT_PERIOD: a->sched.period = optarg; break;
		case OPT_GRACE: a->sched.grace = optarg; break;
		case OPT_REMIND: a->sched.remind = optarg; break;
		case OPT_NO_NMR: a->sched.nmr = 0; break;
		case OPT_PLAYER:
			if (a->nplayers > GAME_MAX_PLAYERS)
				a->bad = 1;
			else
				a->players[a->nplayers++] = optarg;
			a->player = optarg;
			break;
		case OPT_OPTION:
			if (a->noptions == 32)
				a->bad = 1;
			else
				a->options[a->noptions++] = optarg;
			break;
		default:
			if (optopt != 0 && optopt < 256)
				failx(EXIT_USAGE, "option -%c: %s", optopt,
				    optopt == 'o' || optopt == 'd' ?
				    "needs an argument" : "unknown");
			else
				failx(EXIT_USAGE, "unknown option or missing "
				    "argument: '%s'", argv[optind - 1]);
			a->bad = 1;
		}
		a->scheduled |= c >= OPT_DEADLINE && c <= OPT_NO_NMR;
	}
}

/* The output options (CMD_JSON, CMD_SVG) the command called name takes. */
static unsigned
cmd_takes(const char *name)
{
	const struct cmd_entry *c = cmd_find(name);

	return c != NULL ? c->takes : 0;
}

/* Common handling of --help, bad options and an output option
 * (--json, --svg) the command does not take. */
static int
cmd_early(const char *name, const struct cmd_args *a, int *status)
{
	if (a->help) {
		*status = usage_cmd(name, stdout);
		return 1;
	}
	if (a->bad || ((a->dir != NULL || a->scheduled ||
	    a->organiser != NULL) &&
	    strcmp(name, "new") != 0) ||
	    (a->json && !(cmd_takes(name) & CMD_JSON)) ||
	    (a->svg && !(cmd_takes(name) & CMD_SVG))) {
		*status = usage_cmd(name, stderr);
		return 1;
	}
	return 0;
}

static int
cmd_games(int argc, char **argv)
{
	struct cmd_args a;
	int status;

	cmd_parse(argc, argv, &a);
	if (cmd_early("games", &a, &status))
		return status;
	if (optind != argc)
		return usage_cmd("games", stderr);
	for (size_t i = 0; i < game_count; i++) {
		const struct game_entry *g = game_registry[i];
		printf("%s: %s, ruleset %s, ", g->id, g->title, g->ruleset);
		if (g->min_players == g->max_players)
			printf("%d players\n", g->min_players);
		else
			printf("%d to %d players\n", g->min_players,
			    g->max_players);
		printf("  man page: gunbai-%s(6), the rules as played\n", g->id);
		for (const struct game_option *o = g->options;
		    o != NULL && o->name != NULL; o++)
			printf("  --option %s=VALUE (default %s): %s\n",
			    o->name, o->def, o->help);
	}
	return EXIT_OK;
}

/* Fill optv from --option NAME=VALUE, defaults for the rest.  The
 * contents of file options are read into keep. */
static int
cmd_new_options(const struct game_entry *g, const struct cmd_args *a,
    const char **optv, struct strlist *keep)
{
	size_t n = 0;

	for (; g->options != NULL && g->options[n].name != NULL; n++)
		optv[n] = g->options[n].def;
	for (int i = 0; i < a->noptions; i++) {
		const char *eq = strchr(a->options[i], '=');
		size_t k;
		if (eq == NULL)
			return failx(EXIT_USAGE, "--option '%s': expected "
			    "NAME=VALUE", a->options[i]);
		for (k = 0; k < n; k++)
			if (strlen(g->options[k].name) ==
			    (size_t)(eq - a->options[i]) &&
			    strncmp(g->options[k].name, a->options[i],
			    (size_t)(eq - a->options[i])) == 0)
				break;
		if (k == n)
			return failx(EXIT_USAGE, "%s has no option '%.*s' "
			    "(see 'gunbai games')", g->title,
			    (int)(eq - a->options[i]), a->options[i]);
		optv[k] = eq + 1;
		if (!g->options[k].file && strchr(eq + 1, '\n') != NULL)
			return failx(EXIT_USAGE, "--option %.*s: a value is "
			    "one line", (int)(eq - a->options[i]),
			    a->options[i]);
		/* A file option's default is a word, as `gunbai games`
		 * shows it: written out, it means the default, never a
		 * file of that name, and a file there is not taken
		 * silently instead. */
		if (g->options[k].file &&
		    strcmp(eq + 1, g->options[k].def) == 0) {
			if (access(eq + 1, F_OK) == 0)
				failx(0, "--option %s: the default, not the "
				    "file '%s' (give './%s' for the file)",
				    a->options[i], eq + 1, eq + 1);
			continue;
		}
		if (g->options[k].file) {
			struct gb_err e = { 0 };
			char *buf;
			size_t len;
			if (fileio_read(eq + 1, GAME_OPTION_FILE_MAX, &buf, &len,
			    &e) == -1) {
				fail(&e);
				return EXIT_INPUT;
			}
			if (strlen(buf) != len) {
				free(buf);
				return failx(EXIT_INPUT, "%s: a NUL byte in "
				    "the file", eq + 1);
			}
			strlist_add(keep, buf);
			free(buf);
			optv[k] = keep->v[keep->n - 1];
		}
	}
	return 0;
}

/* A game's setup refuses a file option's contents with a message that
 * starts with the option's name ("deck-leaf: ..."): the error is about
 * the file given for it, which e then names.  1 if e names a file. */
static int
cmd_new_blame(const struct game_entry *g, const struct cmd_args *a,
    struct gb_err *e)
{
	for (int i = 0; e->file[0] == '\0' && i < a->noptions; i++) {
		const char *eq = strchr(a->options[i], '=');
		size_t n = eq != NULL ? (size_t)(eq - a->options[i]) : 0;

		for (const struct game_option *o = g->options;
		    eq != NULL && o != NULL && o->name != NULL; o++)
			if (o->file && strlen(o->name) == n &&
			    strncmp(o->name, a->options[i], n) == 0 &&
			    strcmp(eq + 1, o->def) != 0 &&
			    strncmp(e->msg, o->name, n) == 0 &&
			    e->msg[n] == ':')
				err_file(e, eq + 1);
	}
	return e->file[0] != '\0';
}

static int
cmd_new_players(struct state *st, const struct cmd_args *a)
{
	struct gb_err e = { 0 };

	for (int i = 0; i < a->nplayers; i++) {
		const char *eq = strchr(a->players[i], '='), *comma;
		char *name, *pem, *canon, *keypath;
		size_t len;

		if (eq == NULL)
			return failx(EXIT_USAGE, "--player '%s': expected "
			    "NAME=KEY.pem or NAME=KEY.pem,ADDRESS", a->players[i]);
		name = util_strndup(a->players[i],
		    (size_t)(eq - a->players[i]));
		if (!util_valid_name(name) || strcmp(name, "public") == 0) {
			failx(EXIT_USAGE, "invalid player name '%s': 1 to 32 "
			    "letters, digits, '_' or '-', starting with a "
			    "letter or digit, and not 'public'", name);
			free(name);
			return EXIT_USAGE;
		}
		if (state_player(st, name) != -1) {
			failx(EXIT_USAGE, "player '%s' given twice", name);
			free(name);
			return EXIT_USAGE;
		}
		/* NAME=KEY.pem,ADDRESS: the address after the first comma. */
		comma = strchr(eq + 1, ',');
		keypath = util_strndup(eq + 1, comma != NULL ?
		    (size_t)(comma - eq - 1) : strlen(eq + 1));
		if (comma != NULL && mail_addr_check(comma + 1, &e) == -1) {
			failx(EXIT_USAGE, "%s: %s", name, e.msg);
			free(name);
			free(keypath);
			return EXIT_USAGE;
		}
		if (fileio_read(keypath, FILEIO_KEY_MAX, &pem, &len, &e) == -1 ||
		    crypto_pubkey_check(pem, &canon, &e) == -1) {
			err_file(&e, keypath);
			fail(&e);
			free(name);
			free(keypath);
			if (pem != NULL)
				free(pem);
			return EXIT_INPUT;
		}
		free(keypath);
		free(pem);
		for (int j = 0; j < st->nplayers; j++)
			if (strcmp(st->players[j].key, canon) == 0) {
				failx(EXIT_INPUT, "players '%s' and '%s' have "
				    "the same key", st->players[j].name, name);
				free(name);
				free(canon);
				return EXIT_INPUT;
			}
		st->players[st->nplayers].name = name;
		st->players[st->nplayers].key = canon;
		st->players[st->nplayers].address = comma != NULL ?
		    util_strdup(comma + 1) : NULL;
		st->nplayers++;
		state_link_players(st);
	}
	return 0;
}

/* --organiser KEY: the organiser's private key, whose public key the
 * state names; *key gets it, to sign the first reports. */
static int
cmd_new_organiser(struct state *st, const char *path, struct crypto_key **key)
{
	struct gb_err e = { 0 };
	char *pem;
	size_t len;

	if (fileio_read(path, FILEIO_KEY_MAX, &pem, &len, &e) == -1 ||
	    (*key = crypto_key_load(pem, &st->organiser, &e)) == NULL) {
		err_file(&e, path);
		fail(&e);
		free(pem);
		return EXIT_INPUT;
	}
	free(pem);
	for (int i = 0; i < st->nplayers; i++)
		if (strcmp(st->players[i].key, st->organiser) == 0)
			return failx(EXIT_INPUT, "%s: the organiser's key is "
			    "player '%s''s", path, st->players[i].name);
	return 0;
}

static int
cmd_new(int argc, char **argv)
{
	const char *optv[64];
	struct strlist keep = { 0 };
	struct cmd_args a;
	struct state st;
	struct gb_err e = { 0 };
	struct schedule sched;
	struct crypto_key *key = NULL;
	char *bytes, count[32];
	size_t len;
	int status;

	cmd_parse(argc, argv, &a);
	if (cmd_early("new", &a, &status))
		return status;
	if (optind != argc - 1 || a.id == NULL ||
	    (a.out == NULL) == (a.dir == NULL) || a.nmr || a.public ||
	    (a.scheduled && a.dir == NULL))
		return usage_cmd("new", stderr);
	if (a.scheduled && schedule_apply(&sched, 0, &a.sched, &e) == -1) {
		fail(&e);
		return EXIT_USAGE;
	}
	memset(&st, 0, sizeof st);
	if ((st.game = game_find(argv[optind])) == NULL)
		return failx(EXIT_USAGE, "unknown game '%s' (see 'gunbai "
		    "games')", argv[optind]);
	if (a.nplayers < st.game->min_players ||
	    a.nplayers > st.game->max_players)
		return failx(EXIT_USAGE, "%s is for %s players, not %d",
		    st.game->title, game_players_words(st.game, count,
		    sizeof count), a.nplayers);
	if (!util_valid_name(a.id))
		return failx(EXIT_USAGE, "invalid game id '%s': 1 to 32 "
		    "letters, digits, '_' or '-'", a.id);
	/* The one place fresh randomness enters a game: its seed.  The uid
	 * is derived from it and the setup (formats/evidence.md). */
	if (a.seed != NULL) {
		if (strlen(a.seed) != 2 * RNG_SEED_BYTES ||
		    util_unhex(a.seed, st.seed, sizeof st.seed) == -1)
			return failx(EXIT_USAGE, "--seed: expected 64 "
			    "hexadecimal digits");
	} else if (crypto_os_random(st.seed, sizeof st.seed, &e) == -1) {
		fail(&e);
		return EXIT_INPUT;
	}
	if ((status = cmd_new_players(&st, &a)) != 0 ||
	    (a.organiser != NULL &&
	    (status = cmd_new_organiser(&st, a.organiser, &key)) != 0)) {
		state_free(&st);
		return status;
	}
	if ((status = cmd_new_options(st.game, &a, optv, &keep)) != 0) {
		strlist_free(&keep);
		crypto_key_free(key);
		state_free(&st);
		return status;
	}
	st.id = util_strdup(a.id);
	for (size_t k = 0; st.game->options != NULL &&
	    st.game->options[k].name != NULL; k++)
		if (strcmp(optv[k], st.game->options[k].def) != 0)
			st.options[k] = util_strdup(optv[k]);
	strlist_free(&keep);
	if (setup_make(&st, &e) == -1) {
		/* A file given for an option is an input like a key file. */
		status = cmd_new_blame(st.game, &a, &e) ? EXIT_INPUT :
		    EXIT_USAGE;
		fail(&e);
		crypto_key_free(key);
		state_free(&st);
		return status;
	}
	bytes = state_write(&st, &len);
	status = EXIT_OK;
	if (a.dir != NULL ? gamedir_create(a.dir, &st, key, &e) == -1 :
	    fileio_create(a.out, bytes, len, &e) == -1) {
		fail(&e);
		status = EXIT_OUTPUT;
	} else if (a.dir != NULL) {
		printf("wrote %s/: start.yaml, the first reports in reports/, "
		    "an empty inbox/ and runs/\n", a.dir);
		if (a.scheduled && schedule_write(a.dir, &sched, &e) == -1) {
			fail(&e);
			status = EXIT_OUTPUT;
		} else if (a.scheduled) {
			printf("%s/schedule: ", a.dir);
			schedule_print(&sched, stdout);
		}
	}
	free(bytes);
	crypto_key_free(key);
	state_free(&st);
	return status;
}

/* Read STATE's bytes and parse them; *sha gets their SHA-256 in hex. */
static int
cmd_load(const char *path, struct state *st, char *sha)
{
	struct gb_err e = { 0 };
	int r = gamedir_load(path, st, sha, &e);

	if (r == -1)
		fail(&e);
	return r;
}

/* status takes a state file or a game directory (its newest state; *gdir
 * set to it). */
static int
cmd_status_load(const char *path, struct state *st, const char **gdir)
{
	struct gb_err e = { 0 };
	struct stat sb;
	long long runs;
	char *sp;
	int r;

	*gdir = NULL;
	char *start = gamedir_path(path, 0, GAMEDIR_START);
	int isgame = stat(start, &sb) == 0;

	free(start);
	if (!isgame)
		return cmd_load(path, st, NULL);
	if (gamedir_runs(path, &runs, &e) == -1) {
		fail(&e);
		return -1;
	}
	sp = gamedir_state_path(path, runs);
	r = cmd_load(sp, st, NULL);
	free(sp);
	if (r == 0)
		*gdir = path;
	return r;
}

static int
cmd_status(int argc, char **argv)
{
	struct cmd_args a;
	const char *gdir;
	struct state st;
	struct sbuf b;
	int status;

	cmd_parse(argc, argv, &a);
	if (cmd_early("status", &a, &status))
		return status;
	if (optind != argc - 1 || a.out || a.nplayers || a.nmr || a.public)
		return usage_cmd("status", stderr);
	if (cmd_status_load(argv[optind], &st, &gdir) == -1)
		return EXIT_INPUT;
	if (a.json) {
		size_t len;
		char *bytes = report_json_status(&st, gdir != NULL ?
		    gamedir_filed_json(gdir, &st) : NULL, &len);

		cmd_print_json(bytes, len);
		state_free(&st);
		return EXIT_OK;
	}
	sbuf_init(&b);
	report_status(&st, &b);
	if (gdir != NULL)
		gamedir_filed(gdir, &st, GAMEDIR_VIEW_ALL, &b);
	say(stdout, b.p, b.len);
	sbuf_free(&b);
	state_free(&st);
	return EXIT_OK;
}

static struct orders_file *
cmd_read_orders(const struct state *st, int n, char **paths)
{
	struct orders_file *files = util_calloc((size_t)n + 1, sizeof *files);

	for (int i = 0; i < n; i++) {
		orders_read(&files[i], paths[i], st);
		files[i].arg = (size_t)i;
	}
	orders_sort(files, (size_t)n);
	return files;
}

static void
cmd_free_orders(struct orders_file *files, int n)
{
	for (int i = 0; i < n; i++)
		orders_free(&files[i]);
	free(files);
}

/* The exit status of check's worst verdict (gunbai(1), EXIT STATUS). */
static int
cmd_check_status(enum adjudicate_verdict worst)
{
	switch (worst) {
	case VERDICT_GOOD: return EXIT_OK;
	/* The file that replaces it is judged: its verdict counts. */
	case VERDICT_SET_ASIDE: return EXIT_OK;
	case VERDICT_NOT_DUE: return EXIT_NOT_DUE;
	case VERDICT_INCOMPLETE: return EXIT_INCOMPLETE;
	case VERDICT_ORDER: return EXIT_ORDER;
	case VERDICT_FILE: return EXIT_REFUSED;
	default: return EXIT_OVER;
	}
}

static int
cmd_check(int argc, char **argv)
{
	struct orders_file *files;
	struct cmd_args a;
	struct state st;
	struct sbuf msgs;
	int status, n;

	cmd_parse(argc, argv, &a);
	if (cmd_early("check", &a, &status))
		return status;
	if (argc - optind < 2 || a.out || a.nplayers || a.nmr || a.public)
		return usage_cmd("check", stderr);
	if (cmd_load(argv[optind], &st, NULL) == -1)
		return EXIT_INPUT;
	n = argc - optind - 1;
	files = cmd_read_orders(&st, n, argv + optind + 1);
	sbuf_init(&msgs);
	if (a.json) {
		struct check_result r;
		size_t len;
		char *bytes;

		status = cmd_check_status(adjudicate_check_data(&st, files,
		    (size_t)n, &r));
		bytes = report_json_check(&st, &r, &len);
		cmd_print_json(bytes, len);
		adjudicate_check_free(&r);
	} else {
		status = cmd_check_status(adjudicate_check(&st, files,
		    (size_t)n, &msgs));
		say(stdout, msgs.p ? msgs.p : "", msgs.len);
	}
	sbuf_free(&msgs);
	cmd_free_orders(files, n);
	state_free(&st);
	return status;
}

/* Write OUTDIR: reports first, then the state, all in one rename. */
static int
cmd_write_outputs(const struct state *st, const char *outdir,
    struct fileio_stage *stage, int quiet)
{
	struct gb_err e = { 0 };
	struct sbuf b;
	int r = gamedir_stage_outputs(stage, st, GAMEDIR_STATE, NULL, NULL,
	    &e);

	/* The message is made before the commit: nothing may fail (run out
	 * of memory) once the outputs are in place. */
	sbuf_init(&b);
	sbuf_puts(&b, "wrote ");
	escape_puts(&b, outdir);
	sbuf_puts(&b, "/state.yaml and ");
	escape_puts(&b, outdir);
	sbuf_puts(&b, "/reports/\n");
	if (r == 0)
		r = fileio_stage_commit(stage, &e);
	if (r != 0) {
		sbuf_free(&b);
		fail(&e);
		return EXIT_OUTPUT;
	}
	if (!quiet)
		fwrite(b.p, 1, b.len, stdout);
	sbuf_free(&b);
	return EXIT_OK;
}

static int
cmd_adjudicate(int argc, char **argv)
{
	struct orders_file *files;
	struct fileio_stage stage;
	struct cmd_args a;
	struct gb_err e = { 0 };
	struct state st;
	struct sbuf msgs;
	char sha[2 * CRYPTO_SHA256_BYTES + 1];
	struct adjudicate_result res = { 0 };
	long long from;
	int status, n, applied;

	cmd_parse(argc, argv, &a);
	if (cmd_early("adjudicate", &a, &status))
		return status;
	if (argc - optind < 1 || a.out == NULL || a.nplayers || a.public)
		return usage_cmd("adjudicate", stderr);
	if (cmd_load(argv[optind], &st, sha) == -1)
		return EXIT_INPUT;
	if (st.game->outcome(st.g).finished) {
		state_free(&st);
		return failx(EXIT_INPUT, "%s: the game is over",
		    argv[optind]);
	}
	if (fileio_stage_begin(&stage, a.out, &e) == -1) {
		fail(&e);
		fileio_stage_end(&stage);
		state_free(&st);
		return EXIT_OUTPUT;
	}
	n = argc - optind - 1;
	files = cmd_read_orders(&st, n, argv + optind + 1);
	sbuf_init(&msgs);
	from = st.turn;
	applied = adjudicate_run_data(&st, sha, files, (size_t)n, a.nmr, &msgs,
	    &res);
	if (!a.json)
		say(stdout, msgs.p ? msgs.p : "", msgs.len);
	if (applied == 0) {
		failx(EXIT_WAITING, "nothing applied: waiting for orders; "
		    "nothing written");
		status = EXIT_WAITING;
	} else {
		status = cmd_write_outputs(&st, a.out, &stage, a.json);
	}
	/* The document tells what happened: nothing when the outputs could
	 * not be written (the error is on stderr). */
	if (a.json && status != EXIT_OUTPUT) {
		struct run_json r = { .format = ADJUDICATE_JSON_FORMAT,
			.from = from, .applied = applied, .nmr = a.nmr,
			.files = files, .n = (size_t)n,
			.dir = applied > 0 ? a.out : NULL, .result = &res };
		size_t len;
		char *bytes = run_json(&st, &r, &len);

		cmd_print_json(bytes, len);
	}
	fileio_stage_end(&stage);
	adjudicate_result_free(&res);
	sbuf_free(&msgs);
	cmd_free_orders(files, n);
	state_free(&st);
	return status;
}

static int
cmd_view(int argc, char **argv)
{
	struct cmd_args a;
	struct state st;
	int status, p = -1;

	cmd_parse(argc, argv, &a);
	if (cmd_early("view", &a, &status))
		return status;
	if (optind != argc - 1 || a.nplayers > 1 || a.out || a.nmr ||
	    (a.public == (a.nplayers == 1)) || (a.json && a.svg))
		return usage_cmd("view", stderr);
	if (cmd_load(argv[optind], &st, NULL) == -1)
		return EXIT_INPUT;
	if (!a.public && (p = state_player(&st, a.player)) == -1) {
		failx(EXIT_USAGE, "no player '%s' in game '%s'", a.player,
		    st.id);
		state_free(&st);
		return EXIT_USAGE;
	}
	{
		size_t len;
		char *bytes = report_make(&st, NULL, p, a.json ? REPORT_JSON :
		    a.svg ? REPORT_SVG : REPORT_TEXT, &len);

		fwrite(bytes, 1, len, stdout);
		free(bytes);
	}
	state_free(&st);
	return EXIT_OK;
}

/* mail-in and mail-out run in gunbai-mail, the one program linked with
 * GMime (adjudicator/mail/mail_main.c), so that the other commands do not pay
 * for loading it and GLib (bench/README).  It is looked for beside this
 * program (a build tree) and then in ../libexec/gunbai/ from it (make
 * install, the Debian package); never through PATH or the environment. */
static int
cmd_mail(int argc, char **argv)
{
	static const char *const where[] = { "/gunbai-mail",
	    "/../libexec/gunbai/gunbai-mail" };
	char self[PATH_MAX], path[PATH_MAX + 64];
	char **args = util_calloc((size_t)argc + 2, sizeof *args);
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	int err = ENOENT;
	char *slash;

	if (n > 0) {
		self[n] = '\0';
		if ((slash = strrchr(self, '/')) != NULL)
			*slash = '\0';
	}
	args[0] = "gunbai-mail";
	for (int i = 0; i < argc; i++)
		args[i + 1] = argv[i];
	fflush(NULL);
	for (size_t i = 0; n > 0 && i < sizeof where / sizeof where[0]; i++) {
		snprintf(path, sizeof path, "%s%s", self, where[i]);
		execv(path, args);
		if (errno != ENOENT || err == ENOENT)
			err = errno;
	}
	free(args);
	return cmd_fail(EXIT_NOPROG, "%s needs gunbai-mail, beside gunbai or "
	    "in ../libexec/gunbai/ from it: %s", argv[0], strerror(err));
}

/* gunbai league: its mail in and its clock are gunbai-mail's (they write
 * and read mail), the rest is cmd_league's. */
static int
cmd_league_any(int argc, char **argv)
{
	if (argc >= 3 && (strcmp(argv[2], "mail-in") == 0 ||
	    strcmp(argv[2], "tick") == 0))
		return cmd_mail(argc, argv);
	return cmd_league(argc, argv);
}

/* gunbai help [COMMAND]: what `--help` says, for those who type the
 * word, and for one command a line or two more. */
static int
cmd_help(int argc, char **argv)
{
	const struct cmd_entry *c;

	if (argc == 2 && argv[1][0] != '-') {
		if ((c = cmd_find(argv[1])) == NULL) {
			failx(EXIT_USAGE, "unknown command '%s'", argv[1]);
			usage_all(stderr);
			return EXIT_USAGE;
		}
		usage_cmd(c->name, stdout);
		printf("%s\nSee gunbai(1), or gunbai-formats(5) for the "
		    "files, and 'gunbai games' for\nthe games' man "
		    "pages.\n", c->about);
		return EXIT_OK;
	}
	if (argc == 2 && strcmp(argv[1], "--help") == 0)
		return usage_cmd("help", stdout);
	if (argc == 1) {
		usage_all(stdout);
		printf("'gunbai help COMMAND' says what one does; "
		    "gunbai(1) says it all.\n");
		return EXIT_OK;
	}
	return usage_cmd("help", stderr);
}

/* Does a command's command line ask for the version?  Every command
 * answers --version (gunbai(1)), those of archive/ and gunbai-mail as
 * well as those here, so it is looked for once, before any of them
 * parses its options: among the options, up to a "--". */
static int
cmd_wants_version(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--version") == 0)
			return 1;
	return 0;
}

int
main(int argc, char **argv)
{
	const struct cmd_entry *c;

	/* Past a file-size limit, a write must fail (EFBIG) and be reported,
	 * not kill the process before it can clean up. */
	signal(SIGXFSZ, SIG_IGN);
	crypto_init();
	if (argc < 2) {
		usage_all(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage_all(stdout);
		return EXIT_OK;
	}
	c = cmd_find(argv[1]);
	if (strcmp(argv[1], "--version") == 0 ||
	    (c != NULL && cmd_wants_version(argc - 1, argv + 1))) {
		/* The player's page is checked against this figure (README,
		 * "For players"). */
		printf("gunbai %s\ngunbai-orders.html sha256 %s\n",
		    GUNBAI_VERSION, GUNBAI_PAGE_SHA256);
		return EXIT_OK;
	}
	if (c != NULL)
		return c->exec(argc - 1, argv + 1);
	failx(EXIT_USAGE, "unknown command '%s'", argv[1]);
	usage_all(stderr);
	return EXIT_USAGE;
}
