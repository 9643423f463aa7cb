/* bench_time.c - whole-process timing for `make bench` (bench/bench.sh):
 *
 *   bench_time [-n RUNS] [-w WARMUP] [-r DIR] CMD ARGS... [:: CMD ARGS...]
 *
 * Runs the commands, one after the other, as one timed run; RUNS timed
 * runs (default 51) after WARMUP untimed ones (default 5); before each
 * run DIR is removed (not timed), so that `gunbai adjudicate -o DIR` can
 * run again.  Standard output and error go to /dev/null; a command that
 * fails stops everything.  Prints "MEDIAN MIN MAX" in microseconds. */
#define _XOPEN_SOURCE 700
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
	if (dir != NULL && access(dir, F_OK) == 0 &&
	    nftw(dir, bench_rm1, 16, FTW_DEPTH | FTW_PHYS) == -1) {
		perror(dir);
		exit(2);
	}
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

int
main(int argc, char **argv)
{
	char **cmds[BENCH_MAX_CMDS];
	int ncmds = 0, runs = 51, warm = 5, i, c;
	const char *dir = NULL;
	long long *t;

	while ((c = getopt(argc, argv, "+n:w:r:")) != -1) {
		switch (c) {
		case 'n': runs = atoi(optarg); break;
		case 'w': warm = atoi(optarg); break;
		case 'r': dir = optarg; break;
		default: return 2;
		}
	}
	if (optind >= argc || runs < 1 || warm < 0) {
		fputs("usage: bench_time [-n RUNS] [-w WARMUP] [-r DIR] CMD "
		    "ARGS... [:: CMD ARGS...]\n", stderr);
		return 2;
	}
	cmds[ncmds++] = argv + optind;
	for (i = optind; i < argc; i++)
		if (strcmp(argv[i], "::") == 0) {
			argv[i] = NULL;
			if (ncmds == BENCH_MAX_CMDS || i + 1 >= argc)
				return 2;
			cmds[ncmds++] = argv + i + 1;
		}
	if ((t = calloc((size_t)runs, sizeof *t)) == NULL)
		return 2;
	for (i = -warm; i < runs; i++) {
		long long t0;
		bench_rm(dir);
		t0 = bench_now_us();
		for (c = 0; c < ncmds; c++)
			bench_run(cmds[c]);
		if (i >= 0)
			t[i] = bench_now_us() - t0;
	}
	bench_rm(dir);
	qsort(t, (size_t)runs, sizeof *t, bench_cmp);
	printf("%lld %lld %lld\n", runs % 2 ? t[runs / 2] :
	    (t[runs / 2 - 1] + t[runs / 2]) / 2, t[0], t[runs - 1]);
	free(t);
	return 0;
}
