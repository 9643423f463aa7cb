/* killer.c - run a command and kill it with SIGKILL after a delay, for
 * tests/t_kill.sh.
 *
 *   killer -t CMD ARGS...       run CMD to the end; print how long it
 *                               took in microseconds; exit with its status
 *   killer USEC CMD ARGS...     start CMD, SIGKILL it USEC microseconds
 *                               later; print "killed" if the signal found
 *                               it running, or "finished STATUS" if it had
 *                               ended before
 *
 * CMD's standard output and error go to /dev/null.  The delays come from
 * the test script (a fixed-seed generator), so a run is repeatable up to
 * the machine's timing. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long
killer_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static pid_t
killer_start(char **argv)
{
	pid_t pid = fork();

	if (pid == -1) {
		perror("killer: fork");
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
	return pid;
}

static int
killer_wait(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR) {
			perror("killer: waitpid");
			exit(2);
		}
	return status;
}

int
main(int argc, char **argv)
{
	long long t0, usec;
	struct timespec d;
	pid_t pid;
	int status;
	char *end;

	if (argc < 3) {
		fputs("usage: killer -t | USEC CMD ARGS...\n", stderr);
		return 2;
	}
	if (strcmp(argv[1], "-t") == 0) {
		t0 = killer_now_us();
		status = killer_wait(killer_start(argv + 2));
		printf("%lld\n", killer_now_us() - t0);
		return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
	}
	usec = strtoll(argv[1], &end, 10);
	if (*end != '\0' || usec < 0) {
		fputs("killer: USEC must be a number\n", stderr);
		return 2;
	}
	pid = killer_start(argv + 2);
	d.tv_sec = (time_t)(usec / 1000000);
	d.tv_nsec = (long)(usec % 1000000) * 1000;
	while (nanosleep(&d, &d) == -1 && errno == EINTR)
		;
	/* Whether the signal found it running: a finished child is a
	 * zombie until waited for, so kill() succeeds either way; the
	 * status says which. */
	kill(pid, SIGKILL);
	status = killer_wait(pid);
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
		puts("killed");
	else
		printf("finished %d\n", WIFEXITED(status) ?
		    WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return 0;
}
