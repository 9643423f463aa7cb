/* mail_out.c - gunbai mail-out: the reports of a state as messages ready
 * for `sendmail -t`, one per player and one for the public report
 * (formats/mail.md). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "archive/cmd.h"
#include "base/crypto.h"
#include "mail/mail.h"
#include "archive/gamedir.h"
#include "base/mail_addr.h"
#include "mail/mail_msg.h"
#include "report/report.h"

#include "page_sha256.h" /* made by the Makefile from page/gunbai-orders.html */

#define MAIL_OUT_DIR "outbox"
#define MAIL_OUT_REPORT_MAX FILEIO_STATE_MAX

/* The content type of each kind of report sent as an attachment. */
static const char *const mail_out_types[REPORT_KINDS] = {
	[REPORT_JSON] = "application/json",
	[REPORT_SVG] = "image/svg+xml",
};

struct mail_out {
	const char *from;
	const char *list;
	const char *reports; /* the reports/ folder */
	char *page;          /* --page: the player's page, or NULL */
	size_t page_len;
	struct state st;
	struct fileio_stage stage;
};

/* Read reports/NAME.SUFFIX into *buf; 1 if read, 0 if absent and not
 * needed, -1 on error (printed). */
static int
mail_out_read(const struct mail_out *mo, const char *name, int kind,
    int needed, char **buf, size_t *len)
{
	struct gb_err e = { 0 };
	struct stat sb;
	char rel[64], *path;
	int r = 1;

	snprintf(rel, sizeof rel, "%s.%s", name, report_kinds[kind]);
	path = gamedir_path(mo->reports, 0, rel);
	if (!needed && lstat(path, &sb) == -1 && errno == ENOENT)
		r = 0;
	else if (fileio_read(path, MAIL_OUT_REPORT_MAX, buf, len, &e) == -1)
		r = cmd_fail_err(-1, &e);
	free(path);
	return r;
}

/* --page FILE: read, and refused unless it is the page this gunbai was
 * built with (its SHA-256 is GUNBAI_PAGE_SHA256): players must get the
 * released page, never one an organiser changed.  0, or -1 (printed). */
static int
mail_out_page(struct mail_out *mo, const char *path)
{
	char hex[2 * CRYPTO_SHA256_BYTES + 1];
	struct gb_err e = { 0 };

	if (fileio_read(path, MAIL_OUT_REPORT_MAX, &mo->page, &mo->page_len,
	    &e) == -1)
		return cmd_fail_err(-1, &e);
	crypto_sha256_hex(mo->page, mo->page_len, hex);
	if (strcmp(hex, GUNBAI_PAGE_SHA256) != 0) {
		free(mo->page);
		mo->page = NULL;
		return cmd_fail(-1, "--page: '%s' is not the player's page "
		    "of this gunbai: its SHA-256 is %s, not %s", path, hex,
		    GUNBAI_PAGE_SHA256);
	}
	return 0;
}

/* Stage NAME.eml: reports/NAME.txt to the address to, with NAME.json and
 * NAME.svg attached where they exist.  name is a player's or "public".
 * Returns 0, EXIT_INPUT (a report unreadable or not mailable) or
 * EXIT_OUTPUT, the error printed. */
static int
mail_out_one(struct mail_out *mo, const char *name, const char *to,
    const char *subject)
{
	struct mail_attach att[REPORT_KINDS + 1];
	char *bufs[REPORT_KINDS] = { 0 }, fname[REPORT_KINDS][64], rel[64];
	size_t lens[REPORT_KINDS], natt = 0;
	struct gb_err e = { 0 };
	struct mail_msg m;
	struct sbuf bytes;
	int r = 0;

	for (int k = 0; k < REPORT_KINDS && r == 0; k++) {
		int got = mail_out_read(mo, name, k, k == REPORT_TEXT,
		    &bufs[k], &lens[k]);

		if (got == -1)
			r = EXIT_INPUT;
		if (got != 1 || k == REPORT_TEXT)
			continue;
		snprintf(fname[k], sizeof fname[k], "%s.%s", name,
		    report_kinds[k]);
		att[natt].filename = fname[k];
		att[natt].type = mail_out_types[k];
		att[natt].data = bufs[k];
		att[natt].len = lens[k];
		natt++;
	}
	/* The page goes to players, not to the list (to is mo->list, the
	 * very pointer, only for the public report). */
	if (mo->page != NULL && to != mo->list) {
		att[natt].filename = "gunbai-orders.html";
		att[natt].type = "text/html";
		att[natt].data = mo->page;
		att[natt].len = mo->page_len;
		natt++;
	}
	if (r == 0) {
		memset(&m, 0, sizeof m);
		m.from = mo->from;
		m.to = to;
		m.subject = subject;
		m.body = bufs[REPORT_TEXT];
		m.body_len = lens[REPORT_TEXT];
		m.att = att;
		m.natt = natt;
		snprintf(rel, sizeof rel, "%s.eml", name);
		sbuf_init(&bytes);
		if (mail_msg_render(&m, &bytes, NULL, &e) == -1) {
			err_file(&e, rel);
			r = cmd_fail_err(EXIT_INPUT, &e);
		} else if (fileio_stage_write(&mo->stage, rel, bytes.p,
		    bytes.len, &e) == -1) {
			r = cmd_fail_err(EXIT_OUTPUT, &e);
		}
		sbuf_free(&bytes);
	}
	for (int k = 0; k < REPORT_KINDS; k++)
		free(bufs[k]);
	return r;
}

/* The state and reports folder of dir, and where its messages go by
 * default: GAMEDIR/outbox/0000 for a game directory (its first reports),
 * GAMEDIR/outbox/NNNN for GAMEDIR/runs/NNNN; NULL when dir is neither. */
static char *
mail_out_where(const char *dir, char **statepath, char **outdir)
{
	char *d = util_strdup(dir), *start, *gdir, *last, *parent;
	size_t n = strlen(d);
	struct stat sb;

	while (n > 1 && d[n - 1] == '/')
		d[--n] = '\0';
	*outdir = NULL;
	start = gamedir_path(d, 0, GAMEDIR_START);
	if (stat(start, &sb) == 0) {
		*statepath = start;
		*outdir = gamedir_path(d, 0, MAIL_OUT_DIR "/0000");
		return d;
	}
	free(start);
	*statepath = gamedir_path(d, 0, GAMEDIR_STATE);
	/* GAMEDIR/runs/NNNN: the number, then "runs". */
	gdir = util_strdup(d);
	last = strrchr(gdir, '/');
	if (last != NULL && last > gdir) {
		const char *num = last + 1;
		char rel[32];
		long long run;

		*last = '\0';
		parent = strrchr(gdir, '/');
		parent = parent != NULL ? parent + 1 : gdir;
		while (num[0] == '0' && num[1] != '\0')
			num++;
		/* Exactly the name gamedir_path gives run NNNN. */
		if (strcmp(parent, "runs") == 0 &&
		    util_parse_int(num, 1, 99999999, &run) == 0 &&
		    snprintf(rel, sizeof rel, "%04lld", run) > 0 &&
		    strcmp(rel, last + 1) == 0) {
			if (parent > gdir)
				parent[-1] = '\0';
			snprintf(rel, sizeof rel, MAIL_OUT_DIR "/%04lld", run);
			*outdir = gamedir_path(parent == gdir ? "." : gdir, 0,
			    rel);
		}
	}
	free(gdir);
	return d;
}

/* Make GAMEDIR/outbox if it is missing (the folder of outdir): 1 if it
 * was made, 0 if it was there, -1 (said) if it cannot be. */
static int
mail_out_mkparent(const char *outdir)
{
	char *p = util_strdup(outdir), *slash = strrchr(p, '/');
	int r = 0;

	if (slash != NULL && slash > p) {
		*slash = '\0';
		if (mkdir(p, 0777) == 0)
			r = 1;
		else if (errno != EEXIST)
			r = cmd_fail(-1, "cannot create directory '%s': %s", p,
			    strerror(errno));
	}
	free(p);
	return r;
}

/* The folder mail_out_mkparent made, removed after a failed run: a
 * failed mail-out leaves nothing behind (formats/mail.md). */
static void
mail_out_rmparent(const char *outdir)
{
	char *p = util_strdup(outdir), *slash = strrchr(p, '/');

	if (slash != NULL && slash > p) {
		*slash = '\0';
		(void)rmdir(p);
	}
	free(p);
}

static int
mail_out_run(struct mail_out *mo, const char *outdir)
{
	struct gb_err e = { 0 };
	char subject[160];
	int missing = 0, r = 0;

	if (fileio_stage_begin(&mo->stage, outdir, &e) == -1) {
		fileio_stage_end(&mo->stage);
		return cmd_fail_err(EXIT_OUTPUT, &e);
	}
	for (int p = 0; p < mo->st.nplayers && r == 0; p++) {
		const struct state_player *pl = &mo->st.players[p];

		if (pl->address == NULL) {
			cmd_fail(0, "%s: no address in the state; no message "
			    "written", pl->name);
			missing = 1;
			continue;
		}
		snprintf(subject, sizeof subject, "gunbai %s: point %lld, "
		    "report for %s", mo->st.id, mo->st.turn, pl->name);
		r = mail_out_one(mo, pl->name, pl->address, subject);
	}
	snprintf(subject, sizeof subject, "gunbai %s: point %lld, public "
	    "report", mo->st.id, mo->st.turn);
	if (r == 0 && mo->list != NULL)
		r = mail_out_one(mo, "public", mo->list, subject);
	if (r == 0 && fileio_stage_commit(&mo->stage, &e) == -1)
		r = cmd_fail_err(EXIT_OUTPUT, &e);
	fileio_stage_end(&mo->stage);
	if (r != 0)
		return r;
	for (int p = 0; p < mo->st.nplayers; p++)
		if (mo->st.players[p].address != NULL)
			printf("%s/%s.eml: to %s\n", outdir,
			    mo->st.players[p].name,
			    mo->st.players[p].address);
	if (mo->list != NULL)
		printf("%s/public.eml: to %s\n", outdir, mo->list);
	return missing ? EXIT_REFUSED : EXIT_OK;
}

/* The messages of dir (a game directory or one of its runs) into out, or
 * where they go by default (out NULL): an exit status. */
static int
mail_out_dir(struct mail_out *mo, const char *arg, const char *out)
{
	struct gb_err e = { 0 };
	char *dir, *statepath, *outdir;
	int status;

	dir = mail_out_where(arg, &statepath, &outdir);
	if (out != NULL) {
		free(outdir);
		outdir = util_strdup(out);
	}
	if (outdir == NULL) {
		status = cmd_fail(EXIT_USAGE, "'%s' is neither a game "
		    "directory nor one of its runs: give -o OUTDIR", dir);
	} else if (gamedir_load(statepath, &mo->st, NULL, &e) == -1) {
		status = cmd_fail_err(EXIT_INPUT, &e);
	} else {
		mo->reports = gamedir_path(dir, 0, "reports");
		int made = out == NULL ? mail_out_mkparent(outdir) : 0;

		status = made == -1 ? EXIT_OUTPUT : mail_out_run(mo, outdir);
		if (made == 1 && status != EXIT_OK && status != EXIT_REFUSED)
			mail_out_rmparent(outdir);
		free((char *)mo->reports);
		state_free(&mo->st);
	}
	free(dir);
	free(statepath);
	free(outdir);
	return status;
}

static int
mail_out_usage(FILE *f, int status)
{
	fprintf(f, "usage: gunbai mail-out %s\n", CMD_MAIL_OUT_USAGE);
	return status;
}

int
cmd_mail_out(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "list", required_argument, NULL, 'l' },
		{ "page", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct mail_out mo;
	struct gb_err e = { 0 };
	const char *out = NULL, *page = NULL;
	int c, status;

	memset(&mo, 0, sizeof mo);
	mo.from = MAIL_MSG_FROM_DEFAULT;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
		switch (c) {
		case 'f': mo.from = optarg; break;
		case 'l': mo.list = optarg; break;
		case 'p': page = optarg; break;
		case 'o': out = optarg; break;
		case 'h': return mail_out_usage(stdout, EXIT_OK);
		default:
			cmd_fail(0, "unknown option or missing argument: "
			    "'%s'", argv[optind - 1]);
			return mail_out_usage(stderr, EXIT_USAGE);
		}
	}
	if (optind != argc - 1)
		return mail_out_usage(stderr, EXIT_USAGE);
	if (mail_addr_check(mo.from, &e) == -1)
		return cmd_fail(EXIT_USAGE, "--from: %s", e.msg);
	if (mo.list == NULL)
		mo.list = mo.from;
	else if (mail_addr_check(mo.list, &e) == -1)
		return cmd_fail(EXIT_USAGE, "--list: %s", e.msg);
	if (page != NULL && mail_out_page(&mo, page) == -1)
		return EXIT_INPUT;
	status = mail_out_dir(&mo, argv[optind], out);
	free(mo.page);
	return status;
}

int
mail_out_write(const char *dir, const char *from, const char *list)
{
	struct mail_out mo;

	memset(&mo, 0, sizeof mo);
	mo.from = from;
	mo.list = list;
	return mail_out_dir(&mo, dir, NULL);
}
