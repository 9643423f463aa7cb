/* bench_time.c - whole-process timing for `make bench` (bench/bench.sh):
 *
 *   bench_time [-n RUNS] [-w WARMUP] [-r DIR]... FIGURE [';' FIGURE]...
 *   FIGURE:    CMD ARGS... [:: CMD ARGS...]
 *
 * A figure's commands run one after the other as one timed run; RUNS
 * timed runs (default 51) after WARMUP untimed ones (default 5).  With
 * several figures the runs are interleaved, each round running every
 * figure once, from a different one each round: the machine's speed
 * drifts (a shared VM: the same figure measured a minute apart moved by
 * half), and a ratio of two figures measured side by side is not
 * moved by it, where two figures measured one after the other are.
 * Before each run every DIR is removed and what its removal left
 * unwritten on its filesystem is flushed (syncfs), neither timed, so
 * that `gunbai adjudicate -o DIR` can run again and its own flush does
 * not also write back the removal of the run before.  Standard output
 * and error go to /dev/null; a command that fails stops everything.
 * Prints a line "MEDIAN MIN MAX" in microseconds for each figure. */
#define _GNU_SOURCE /* syncfs */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BENCH_MAX_CMDS 8
#define BENCH_MAX_FIGS 8
#define BENCH_MAX_DIRS 4

static long long
bench_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static int
bench_rm1(const char *path, const struct stat *sb, int flag, struct FTW *f)
{
	(void)sb;
	(void)flag;
	(void)f;
	return remove(path);
}

static void
bench_rm(const char *dir)
{
	char parent[4096];
	char *slash;
	int fd;

	if (access(dir, F_OK) == 0 &&
	    nftw(dir, bench_rm1, 16, FTW_DEPTH | FTW_PHYS) == -1) {
		perror(dir);
		exit(2);
	}
	/* The removal's own writes, flushed before the timed run. */
	snprintf(parent, sizeof parent, "%s", dir);
	slash = strrchr(parent, '/');
	if (slash == NULL)
		snprintf(parent, sizeof parent, ".");
	else if (slash == parent)
		slash[1] = '\0';
	else
		*slash = '\0';
#ifdef __linux__
	if ((fd = open(parent, O_RDONLY | O_DIRECTORY)) != -1) {
		syncfs(fd);
		close(fd);
	}
#else
	(void)fd;
	sync();
#endif
}

static void
bench_run(char **argv)
{
	int status;
	pid_t pid = fork();

	if (pid == -1) {
		perror("bench_time: fork");
		exit(2);
	}
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);
		if (fd != -1) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR) {
			perror("bench_time: waitpid");
			exit(2);
		}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "bench_time: %s failed (status %d)\n", argv[0],
		    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		exit(2);
	}
}

static int
bench_cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

struct bench_fig {
	char **cmds[BENCH_MAX_CMDS];
	int ncmds;
	long long *t;
};

static void
bench_usage(void)
{
	fputs("usage: bench_time [-n RUNS] [-w WARMUP] [-r DIR]... CMD "
	    "ARGS... [:: CMD ARGS...] [';' CMD ARGS...]...\n", stderr);
	exit(2);
}

static void
bench_median(const struct bench_fig *f, int runs)
{
	long long *t = f->t;

	qsort(t, (size_t)runs, sizeof *t, bench_cmp);
	printf("%lld %lld %lld\n", runs % 2 ? t[runs / 2] :
	    (t[runs / 2 - 1] + t[runs / 2]) / 2, t[0], t[runs - 1]);
}

int
main(int argc, char **argv)
{
	struct bench_fig figs[BENCH_MAX_FIGS];
	const char *dirs[BENCH_MAX_DIRS];
	int nfigs = 0, ndirs = 0, runs = 51, warm = 5, i, c, k;

	while ((c = getopt(argc, argv, "+n:w:r:")) != -1) {
		switch (c) {
		case 'n': runs = atoi(optarg); break;
		case 'w': warm = atoi(optarg); break;
		case 'r':
			if (ndirs == BENCH_MAX_DIRS)
				bench_usage();
			dirs[ndirs++] = optarg;
			break;
		default: bench_usage();
		}
	}
	if (optind >= argc || runs < 1 || warm < 0)
		bench_usage();
	memset(figs, 0, sizeof figs);
	figs[nfigs].cmds[figs[nfigs].ncmds++] = argv + optind;
	nfigs++;
	for (i = optind; i < argc; i++) {
		int fig = strcmp(argv[i], ";") == 0;
		struct bench_fig *f;
		if (!fig && strcmp(argv[i], "::") != 0)
			continue;
		argv[i] = NULL;
		if (i + 1 >= argc || (fig && nfigs == BENCH_MAX_FIGS))
			bench_usage();
		if (fig)
			nfigs++;
		f = &figs[nfigs - 1];
		if (f->ncmds == BENCH_MAX_CMDS)
			bench_usage();
		f->cmds[f->ncmds++] = argv + i + 1;
	}
	for (k = 0; k < nfigs; k++)
		if ((figs[k].t = calloc((size_t)runs, sizeof *figs[k].t)) ==
		    NULL)
			return 2;
	for (i = -warm; i < runs; i++) {
		for (int j = 0; j < nfigs; j++) {
			struct bench_fig *f = &figs[(i + warm + j) % nfigs];
			long long t0;
			for (k = 0; k < ndirs; k++)
				bench_rm(dirs[k]);
			t0 = bench_now_us();
			for (c = 0; c < f->ncmds; c++)
				bench_run(f->cmds[c]);
			if (i >= 0)
				f->t[i] = bench_now_us() - t0;
		}
	}
	for (k = 0; k < ndirs; k++)
		bench_rm(dirs[k]);
	for (k = 0; k < nfigs; k++) {
		bench_median(&figs[k], runs);
		free(figs[k].t);
	}
	return 0;
}
