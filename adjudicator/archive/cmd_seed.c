/* cmd_seed.c - `gunbai check-seed REPORT PUBLIC-REPORT` (cmd_seed.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/cmd_seed.h"
#include "turn/commit.h"
#include "base/fileio.h"
#include "report/report.h"

/* The Evidence values of one report; "" when absent. */
struct cmd_seed_ev {
	char uid[COMMIT_UID_HEX + 1];
	char commit[COMMIT_HEX + 1];
	char seed[COMMIT_HEX + 1];
};

/* Copy the value of the line starting with label (the first one after
 * the "Evidence" heading) into out, if it is at most cap - 1 bytes. */
static void
cmd_seed_value(const char *text, const char *label, char *out, size_t cap)
{
	const char *p = strstr(text, "\nEvidence\n");
	size_t n = strlen(label);

	out[0] = '\0';
	while (p != NULL && *p != '\0') {
		const char *nl;
		size_t len;

		p += *p == '\n';
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len > n && strncmp(p, label, n) == 0 && len - n < cap) {
			memcpy(out, p + n, len - n);
			out[len - n] = '\0';
			return;
		}
		p = nl;
	}
}

static int
cmd_seed_read(const char *path, struct cmd_seed_ev *ev)
{
	struct gb_err e = { 0 };
	char buf[1200], *text;
	size_t len;

	if (fileio_read(path, FILEIO_STATE_MAX, &text, &len, &e) == -1) {
		err_format(&e, buf, sizeof buf);
		fprintf(stderr, "gunbai: %s\n", buf);
		return -1;
	}
	cmd_seed_value(text, REPORT_EV_UID, ev->uid, sizeof ev->uid);
	cmd_seed_value(text, REPORT_EV_COMMIT, ev->commit, sizeof ev->commit);
	cmd_seed_value(text, REPORT_EV_SEED, ev->seed, sizeof ev->seed);
	free(text);
	if (ev->uid[0] == '\0' || ev->commit[0] == '\0') {
		fprintf(stderr, "gunbai: %s: no 'uid' and 'commit' lines in "
		    "an Evidence section: not a gunbai report\n", path);
		return -1;
	}
	return 0;
}

int
cmd_check_seed(int argc, char **argv)
{
	struct cmd_seed_ev first, last;
	struct gb_err e = { 0 };
	char buf[1200];

	if (argc == 2 && (strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0)) {
		printf("usage: gunbai check-seed %s\n", CMD_SEED_USAGE);
		return EXIT_OK;
	}
	if (argc != 3 || argv[1][0] == '-' || argv[2][0] == '-') {
		fprintf(stderr, "usage: gunbai check-seed %s\n",
		    CMD_SEED_USAGE);
		return EXIT_USAGE;
	}
	if (cmd_seed_read(argv[1], &first) == -1 ||
	    cmd_seed_read(argv[2], &last) == -1)
		return EXIT_INPUT;
	if (last.seed[0] == '\0') {
		fprintf(stderr, "gunbai: %s: no 'seed' line: the seed is "
		    "revealed only in the public report of a finished game\n",
		    argv[2]);
		return EXIT_INPUT;
	}
	if (strcmp(first.uid, last.uid) != 0) {
		printf("%s and %s are reports of two games (uid %s, uid %s)\n",
		    argv[1], argv[2], first.uid, last.uid);
		return EXIT_REFUSED;
	}
	if (commit_check(first.commit, first.uid, last.seed, &e) == -1) {
		err_file(&e, argv[2]);
		err_format(&e, buf, sizeof buf);
		printf("%s\n", buf);
		return EXIT_REFUSED;
	}
	printf("the seed %s revealed in %s matches the commitment %s in %s "
	    "(game uid %s)\n", last.seed, argv[2], first.commit, argv[1],
	    first.uid);
	return EXIT_OK;
}
