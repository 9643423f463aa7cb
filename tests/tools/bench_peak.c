/* bench_peak.c - time and peak memory of one command, for `make bench`
 * (bench/bench.sh, "costly states"):
 *
 *   bench_peak CMD ARGS...
 *
 * Runs the command once with its output to /dev/null and prints
 * "SECONDS PEAK_KB STATUS CPU": wall-clock seconds, the peak resident set
 * size in kilobytes (getrusage's ru_maxrss of the child), its exit
 * status and the CPU seconds it used (user and system, its children's
 * included: gunbai mail-in runs gunbai-mail).  Clocks are read here
 * only, never by gunbai. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	pid_t pid;
	int st, fd;

	if (argc < 2) {
		fputs("usage: bench_peak CMD ARGS...\n", stderr);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((pid = fork()) == -1) {
		perror("bench_peak: fork");
		return 1;
	}
	if (pid == 0) {
		if ((fd = open("/dev/null", O_WRONLY)) != -1) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[1], argv + 1);
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) == -1) {
		perror("bench_peak: wait4");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%.3f %ld %d %.3f\n", (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, ru.ru_maxrss,
	    WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st),
	    (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
	return 0;
}
