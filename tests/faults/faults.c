/* faults.c - fault injection for gunbai, linked into BUILD/tools/
 * gunbai-faults with -Wl,--wrap for each call below (see FAULT_WRAP in
 * the Makefile): the calls gunbai's own code makes to these functions go
 * through here first.  tests/t_faults.sh drives it.
 *
 *   GUNBAI_FAULT=CALL:N[:ERRNO]   the N-th call to CALL (1-based) fails
 *                                 with ERRNO (a number; default EIO, and
 *                                 ENOMEM for the allocator)
 *   GUNBAI_FAULT_COUNT=FILE       at exit, append "CALL COUNT" for every
 *                                 call made, to FILE
 *   GUNBAI_FAULT_FSTYPE=HEX       fstatfs says every filesystem is of
 *                                 this type (0: one fileio.c does not
 *                                 know, so that it flushes each file
 *                                 rather than the filesystem at once)
 *
 * The allocator is malloc, calloc and realloc as called by gunbai's code
 * (util.c's util_* above all), not by the libraries it uses. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/types.h>
#include <dirent.h>
#include <unistd.h>

enum { F_OPEN, F_CLOSE, F_READ, F_WRITE, F_FSYNC, F_SYNCFS, F_FSTATFS,
	F_RENAME, F_LINK, F_MKDIR, F_MKDTEMP, F_MKSTEMP, F_OPENDIR, F_FCHMOD,
	F_MALLOC, F_CALLOC, F_REALLOC, F_COUNT };

static const char *const fault_names[F_COUNT] = { "open", "close", "read",
	"write", "fsync", "syncfs", "fstatfs", "rename", "link", "mkdir",
	"mkdtemp", "mkstemp", "opendir", "fchmod", "malloc", "calloc",
	"realloc" };

static unsigned long fault_calls[F_COUNT];
static int fault_which = -1;
static unsigned long fault_nth;
static int fault_errno = EIO;
static int fault_ready;
static const char *fault_fstype;

int __real_open(const char *, int, ...);
int __real_close(int);
ssize_t __real_read(int, void *, size_t);
ssize_t __real_write(int, const void *, size_t);
int __real_fsync(int);
int __real_syncfs(int);
int __real_fstatfs(int, struct statfs *);
int __real_rename(const char *, const char *);
int __real_link(const char *, const char *);
int __real_mkdir(const char *, mode_t);
char *__real_mkdtemp(char *);
int __real_mkstemp(char *);
DIR *__real_opendir(const char *);
int __real_fchmod(int, mode_t);
void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);

int __wrap_open(const char *, int, ...);
int __wrap_close(int);
ssize_t __wrap_read(int, void *, size_t);
ssize_t __wrap_write(int, const void *, size_t);
int __wrap_fsync(int);
int __wrap_syncfs(int);
int __wrap_fstatfs(int, struct statfs *);
int __wrap_rename(const char *, const char *);
int __wrap_link(const char *, const char *);
int __wrap_mkdir(const char *, mode_t);
char *__wrap_mkdtemp(char *);
int __wrap_mkstemp(char *);
DIR *__wrap_opendir(const char *);
int __wrap_fchmod(int, mode_t);
void *__wrap_malloc(size_t);
void *__wrap_calloc(size_t, size_t);
void *__wrap_realloc(void *, size_t);

static void
fault_report(void)
{
	const char *path = getenv("GUNBAI_FAULT_COUNT");
	char line[64];
	int fd;

	if (path == NULL)
		return;
	if ((fd = __real_open(path, O_WRONLY | O_CREAT | O_APPEND, 0644)) ==
	    -1)
		return;
	for (int i = 0; i < F_COUNT; i++) {
		int n = snprintf(line, sizeof line, "%s %lu\n", fault_names[i],
		    fault_calls[i]);
		if (__real_write(fd, line, (size_t)n) != n)
			break;
	}
	__real_close(fd);
}

static void
fault_setup(void)
{
	const char *spec = getenv("GUNBAI_FAULT");
	char name[32];
	unsigned long n;
	int err = 0, k;

	fault_ready = 1;
	atexit(fault_report);
	fault_fstype = getenv("GUNBAI_FAULT_FSTYPE");
	if (spec == NULL || *spec == '\0')
		return;
	k = sscanf(spec, "%31[a-z]:%lu:%d", name, &n, &err);
	for (int i = 0; k >= 2 && i < F_COUNT; i++)
		if (strcmp(name, fault_names[i]) == 0)
			fault_which = i;
	if (fault_which < 0 || n == 0) {
		/* Not through stdio: it may allocate. */
		static const char msg[] = "gunbai-faults: bad GUNBAI_FAULT\n";
		if (__real_write(2, msg, sizeof msg - 1) < 0)
			_exit(99);
		_exit(99);
	}
	fault_nth = n;
	if (k == 3)
		fault_errno = err;
	else if (fault_which >= F_MALLOC)
		fault_errno = ENOMEM;
}

/* Count a call; 1 if this one must fail (errno is then set). */
static int
fault(int which)
{
	if (!fault_ready)
		fault_setup();
	if (++fault_calls[which] == fault_nth && which == fault_which) {
		errno = fault_errno;
		return 1;
	}
	return 0;
}

int
__wrap_open(const char *path, int flags, ...)
{
	mode_t mode = 0;

	/* gunbai passes a mode only with O_CREAT (never O_TMPFILE). */
	if (flags & O_CREAT) {
		va_list ap;
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	if (fault(F_OPEN))
		return -1;
	return __real_open(path, flags, mode);
}

int
__wrap_close(int fd)
{
	if (fault(F_CLOSE)) {
		/* close(2) releases the descriptor even when it fails. */
		__real_close(fd);
		return -1;
	}
	return __real_close(fd);
}

ssize_t
__wrap_read(int fd, void *buf, size_t n)
{
	return fault(F_READ) ? -1 : __real_read(fd, buf, n);
}

ssize_t
__wrap_write(int fd, const void *buf, size_t n)
{
	return fault(F_WRITE) ? -1 : __real_write(fd, buf, n);
}

int
__wrap_fsync(int fd)
{
	return fault(F_FSYNC) ? -1 : __real_fsync(fd);
}

int
__wrap_syncfs(int fd)
{
	return fault(F_SYNCFS) ? -1 : __real_syncfs(fd);
}

int
__wrap_fstatfs(int fd, struct statfs *sf)
{
	int r;

	if (fault(F_FSTATFS))
		return -1;
	r = __real_fstatfs(fd, sf);
	if (r == 0 && fault_fstype != NULL && *fault_fstype != '\0')
		sf->f_type = (__fsword_t)strtoul(fault_fstype, NULL, 16);
	return r;
}

int
__wrap_rename(const char *a, const char *b)
{
	return fault(F_RENAME) ? -1 : __real_rename(a, b);
}

int
__wrap_link(const char *a, const char *b)
{
	return fault(F_LINK) ? -1 : __real_link(a, b);
}

int
__wrap_mkdir(const char *p, mode_t m)
{
	return fault(F_MKDIR) ? -1 : __real_mkdir(p, m);
}

char *
__wrap_mkdtemp(char *t)
{
	return fault(F_MKDTEMP) ? NULL : __real_mkdtemp(t);
}

int
__wrap_mkstemp(char *t)
{
	return fault(F_MKSTEMP) ? -1 : __real_mkstemp(t);
}

DIR *
__wrap_opendir(const char *p)
{
	return fault(F_OPENDIR) ? NULL : __real_opendir(p);
}

int
__wrap_fchmod(int fd, mode_t m)
{
	return fault(F_FCHMOD) ? -1 : __real_fchmod(fd, m);
}

void *
__wrap_malloc(size_t n)
{
	return fault(F_MALLOC) ? NULL : __real_malloc(n);
}

void *
__wrap_calloc(size_t n, size_t size)
{
	return fault(F_CALLOC) ? NULL : __real_calloc(n, size);
}

void *
__wrap_realloc(void *p, size_t n)
{
	return fault(F_REALLOC) ? NULL : __real_realloc(p, n);
}
