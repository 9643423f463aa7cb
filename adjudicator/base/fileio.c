/* fileio.c - capped reads, and writes that are complete or absent. */
#ifdef __linux__
#define _GNU_SOURCE /* syncfs(2) */
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/magic.h>
#include <sys/statfs.h>
#include <sys/utsname.h>
#endif

#include "base/fileio.h"

/* What a buffer holds beyond the size a file is said to have: it may
 * grow while it is read. */
#define FILEIO_ROOM 4096u

/* Outputs being made are removed if the process exits before they are
 * done (an allocator's exit on out of memory, in util.c, libyaml's or
 * libcrypto's): a failed run leaves no temporary file.  Only a signal
 * such as SIGKILL can leave one. */
#define FILEIO_LIVE_MAX 4
static struct fileio_stage *fileio_live[FILEIO_LIVE_MAX];
static char fileio_live_tmp[PATH_MAX + 32]; /* fileio_create's file */
static int fileio_atexit_set;

static void fileio_stage_remove(const char *top, char *const *files,
    size_t n);

static void
fileio_atexit(void)
{
	for (size_t i = 0; i < FILEIO_LIVE_MAX; i++)
		if (fileio_live[i] != NULL && fileio_live[i]->tmp != NULL)
			fileio_stage_remove(fileio_live[i]->tmp,
			    fileio_live[i]->files, fileio_live[i]->n);
	if (fileio_live_tmp[0] != '\0')
		unlink(fileio_live_tmp);
}

static void
fileio_watch(void)
{
	if (!fileio_atexit_set && atexit(fileio_atexit) == 0)
		fileio_atexit_set = 1;
}

static void
fileio_live_set(struct fileio_stage *s, struct fileio_stage *to)
{
	for (size_t i = 0; i < FILEIO_LIVE_MAX; i++)
		if (fileio_live[i] == s) {
			fileio_live[i] = to;
			return;
		}
}

static int
fileio_fail(struct gb_err *e, const char *path, const char *what)
{
	err_set(e, 0, 0, "%s '%s': %s", what, path, strerror(errno));
	return -1;
}

/* At most cap bytes of fd into a new NUL-terminated buffer.  The buffer
 * starts at the size the file is said to have (hint) and some room, and
 * grows as it fills, never past cap + 2: a state's cap is 16 MB, and a
 * block of that size costs page faults (under ASan, its shadow too) for
 * every file read, most of them a few kB. */
static int
fileio_read_upto(int fd, const char *name, size_t cap, size_t hint,
    char **buf, size_t *len, struct gb_err *e)
{
	size_t n = 0, size;
	char *p;

	err_file(e, name);
	*buf = NULL;
	*len = 0;
	size = (cap > FILEIO_ROOM && hint < cap - FILEIO_ROOM ?
	    hint + FILEIO_ROOM : cap) + 2;
	p = util_malloc(size);
	for (;;) {
		ssize_t r;

		if (n == size - 1) { /* full: n <= cap, so size < cap + 2 */
			size = size > cap / 2 ? cap + 2 : 2 * size;
			p = util_realloc(p, size);
		}
		r = read(fd, p + n, size - 1 - n);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1) {
			fileio_fail(e, name, "cannot read");
			free(p);
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n > cap) {
			free(p);
			return err_set(e, 0, 0,
			    "'%s' is larger than %zu bytes", name, cap);
		}
	}
	p[n] = '\0';
	*buf = p;
	*len = n;
	return 0;
}

int
fileio_read(const char *path, size_t cap, char **buf, size_t *len,
    struct gb_err *e)
{
	struct stat sb;
	int fd, r;

	err_file(e, path);
	*buf = NULL;
	*len = 0;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer; it is
	 * refused below as not a regular file. */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)) ==
	    -1)
		return fileio_fail(e, path, "cannot open");
	if (fstat(fd, &sb) == -1) {
		fileio_fail(e, path, "cannot stat");
		close(fd);
		return -1;
	}
	if (!S_ISREG(sb.st_mode)) {
		close(fd);
		return err_set(e, 0, 0, "'%s' is not a regular file", path);
	}
	if ((unsigned long long)sb.st_size > cap) {
		close(fd);
		return err_set(e, 0, 0, "'%s' is %lld bytes; at most %zu allowed",
		    path, (long long)sb.st_size, cap);
	}
	/* Read up to cap + 1 bytes whatever stat said: the file may grow. */
	r = fileio_read_upto(fd, path, cap, (size_t)sb.st_size, buf, len, e);
	close(fd);
	return r;
}

int
fileio_read_fd(int fd, const char *name, size_t cap, char **buf, size_t *len,
    struct gb_err *e)
{
	return fileio_read_upto(fd, name, cap, 0, buf, len, e);
}

int
fileio_same(const char *path, const char *data, size_t len)
{
	struct gb_err e = { 0 };
	char *other;
	size_t olen;
	int same;

	/* One byte more than data: a longer file is not the same. */
	if (fileio_read(path, len + 1, &other, &olen, &e) == -1)
		return 0;
	same = olen == len && memcmp(other, data, len) == 0;
	free(other);
	return same;
}

/* Write all of data to fd. */
static int
fileio_write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, data, len);
		if (w == -1 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			return -1;
		}
		data += w;
		len -= (size_t)w;
	}
	return 0;
}

/* The directory part of path ("." if none), in buf. */
static void
fileio_dirname(const char *path, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		snprintf(buf, size, ".");
	else if (slash == path)
		snprintf(buf, size, "/");
	else
		snprintf(buf, size, "%.*s", (int)(slash - path), path);
}

int
fileio_sync(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int r;

	if (fd == -1)
		return -1;
	r = fsync(fd);
	close(fd);
	return r;
}

/* mode as the umask leaves it: what open and mkdir would give, for the
 * files mkstemp and the directories mkdtemp make 0600 and 0700. */
static mode_t
fileio_umasked(mode_t mode)
{
	mode_t mask = umask(077);

	umask(mask);
	return mode & ~mask;
}

int
fileio_append(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	int r = 0;

	if (fd == -1)
		return -1;
	if (fileio_write_all(fd, data, len) == -1 || fsync(fd) == -1)
		r = -1;
	if (close(fd) == -1)
		r = -1;
	return r;
}

int
fileio_create(const char *path, const char *data, size_t len,
    struct gb_err *e)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 32];
	int fd;

	err_file(e, path);
	if (path[0] == '\0')
		return err_set(e, 0, 0, "the output file name is empty");
	fileio_dirname(path, dir, sizeof dir);
	if (snprintf(tmp, sizeof tmp, "%s/.gunbai.XXXXXX", dir) >=
	    (int)sizeof tmp)
		return err_set(e, 0, 0, "path '%s' is too long", path);
	fileio_watch();
	if ((fd = mkstemp(tmp)) == -1)
		return fileio_fail(e, dir, "cannot create a file in");
	memcpy(fileio_live_tmp, tmp, sizeof tmp);
	if (fchmod(fd, fileio_umasked(0666)) == -1 ||
	    fileio_write_all(fd, data, len) == -1 ||
	    fsync(fd) == -1) {
		fileio_fail(e, path, "cannot write");
		close(fd);
		goto fail;
	}
	if (close(fd) == -1) {
		fileio_fail(e, path, "cannot write");
		goto fail;
	}
	/* link() refuses to replace: an existing file is never clobbered. */
	if (link(tmp, path) == -1) {
		if (errno == EEXIST)
			err_set(e, 0, 0, "'%s' exists; not overwriting it", path);
		else
			fileio_fail(e, path, "cannot create");
		goto fail;
	}
	unlink(tmp);
	fileio_live_tmp[0] = '\0';
	if (fileio_sync(dir) == -1) {
		/* The file may not last: take it back, so that a failure
		 * means nothing was written.  link() made it, so it is
		 * ours. */
		fileio_fail(e, dir, "cannot flush directory");
		unlink(path);
		return -1;
	}
	return 0;
fail:
	unlink(tmp);
	fileio_live_tmp[0] = '\0';
	return -1;
}

/* 1 if dir exists and is empty (sb gets its lstat), 0 if it does not
 * exist, -1 otherwise. */
static int
fileio_dir_state(const char *dir, struct stat *sbp, struct gb_err *e)
{
	struct stat sb;
	struct dirent *de;
	DIR *d;
	int empty = 1;

	if (lstat(dir, &sb) == -1) {
		if (errno == ENOENT)
			return 0;
		return fileio_fail(e, dir, "cannot stat");
	}
	if (!S_ISDIR(sb.st_mode))
		return err_set(e, 0, 0, "'%s' exists and is not a directory",
		    dir);
	if ((d = opendir(dir)) == NULL)
		return fileio_fail(e, dir, "cannot open directory");
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			empty = 0;
	closedir(d);
	if (!empty) {
		char state[PATH_MAX + 16];
		snprintf(state, sizeof state, "%s/state.yaml", dir);
		if (access(state, F_OK) == 0)
			return err_set(e, 0, 0, "'%s' exists; not overwriting "
			    "it", state);
		return err_set(e, 0, 0, "output directory '%s' is not empty",
		    dir);
	}
	if (sbp != NULL)
		*sbp = sb;
	return 1;
}

/* The name dir (trailing slashes removed) is one the outputs can be
 * renamed to: not empty, and not "." or ".." (a directory that is in use
 * as a path, that rename(2) refuses to replace). */
static int
fileio_dir_name_ok(const char *dir, struct gb_err *e)
{
	const char *base = strrchr(dir, '/');

	base = base ? base + 1 : dir;
	if (dir[0] == '\0')
		return err_set(e, 0, 0, "the output directory name is empty");
	if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
		return err_set(e, 0, 0, "cannot write the outputs as '%s': "
		    "it names a directory by '.' or '..', which cannot be "
		    "replaced; name a new or empty directory, as -o turn2",
		    dir);
	return 0;
}

/* How a stage reaches the disk: FILEIO_FLUSH_FS when one syncfs(2) of
 * the stage's filesystem at commit makes every file and directory of it
 * durable and reports every failure to do so; FILEIO_FLUSH_EACH (every
 * file flushed as it is written, every directory at commit) everywhere
 * else.  fileio_stage_commit says why both are safe.
 *
 * syncfs writes back every dirty inode of the filesystem, waits for it,
 * then asks the filesystem to make it durable (->sync_fs): ext4 commits
 * its journal and flushes the device's cache, XFS forces its log, Btrfs
 * commits its transaction.  Its failures: since Linux 5.8 syncfs reports
 * a writeback error of any file of the filesystem since the descriptor
 * it is given was opened (the superblock's errseq; hence the stage's
 * directory is opened before any file of it is written), and since 5.17
 * the ->sync_fs's own (a failed journal commit); before, it could return
 * 0 with the data lost.  So: Linux 5.17 or later, and one of the
 * filesystems named, whose ->sync_fs is known to do the above (tmpfs has
 * nothing to flush, nor has fsync there).  Elsewhere (NFS, FUSE, whose
 * syncfs need not reach the server's disk; an overlay; an older kernel;
 * another system) the fsyncs are kept, as POSIX defines them. */
static int
fileio_flush_mode(int fd)
{
#ifdef __linux__
	static int kernel_ok = -1;
	struct statfs sf;

	if (kernel_ok == -1) {
		struct utsname u;
		unsigned kmajor, kminor;

		kernel_ok = uname(&u) == 0 &&
		    sscanf(u.release, "%u.%u", &kmajor, &kminor) == 2 &&
		    (kmajor > 5 || (kmajor == 5 && kminor >= 17));
	}
	if (!kernel_ok || fstatfs(fd, &sf) == -1)
		return FILEIO_FLUSH_EACH;
	switch ((unsigned long)sf.f_type) {
	case EXT4_SUPER_MAGIC: /* also ext2's and ext3's */
	case XFS_SUPER_MAGIC:
	case BTRFS_SUPER_MAGIC:
	case TMPFS_MAGIC:
		return FILEIO_FLUSH_FS;
	default:
		return FILEIO_FLUSH_EACH;
	}
#else
	(void)fd;
	return FILEIO_FLUSH_EACH;
#endif
}

int
fileio_stage_begin(struct fileio_stage *s, const char *dir,
    struct gb_err *e)
{
	char parent[PATH_MAX], tmp[PATH_MAX + 32];
	size_t dl = strlen(dir);

	memset(s, 0, sizeof *s);
	s->fd = -1;
	err_file(e, dir);
	while (dl > 1 && dir[dl - 1] == '/')
		dl--;
	s->dir = util_strndup(dir, dl);
	if (fileio_dir_name_ok(s->dir, e) == -1 ||
	    fileio_dir_state(s->dir, NULL, e) == -1)
		return -1;
	fileio_dirname(s->dir, parent, sizeof parent);
	if (snprintf(tmp, sizeof tmp, "%s/.gunbai-out.XXXXXX", parent) >=
	    (int)sizeof tmp)
		return err_set(e, 0, 0, "path '%s' is too long", dir);
	/* Allocate first: nothing may fail between making the directory
	 * and watching it. */
	s->tmp = util_strdup(tmp);
	fileio_watch();
	fileio_live_set(NULL, s);
	if (mkdtemp(s->tmp) == NULL) {
		fileio_fail(e, parent, "cannot create a directory in");
		fileio_live_set(s, NULL);
		free(s->tmp);
		s->tmp = NULL;
		return -1;
	}
	/* Opened before anything is written in it: syncfs reports the
	 * errors met since (fileio_flush_mode).  It becomes the output
	 * directory: the umask's mode, not mkdtemp's 0700. */
	if ((s->fd = open(s->tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1 ||
	    fchmod(s->fd, fileio_umasked(0777)) == -1)
		return fileio_fail(e, dir, "cannot open directory");
	s->flush = fileio_flush_mode(s->fd);
	return 0;
}

static char *
fileio_join(const char *a, const char *b)
{
	struct sbuf sb;

	sbuf_init(&sb);
	sbuf_printf(&sb, "%s/%s", a, b);
	return sbuf_take(&sb);
}

/* A failure about relpath names it where it was to be, in the final
 * directory: the temporary one is gone by the time the user reads it. */
static int
fileio_stage_fail(const struct fileio_stage *s, const char *relpath,
    const char *what, struct gb_err *e)
{
	int saved = errno;
	char *p = relpath ? fileio_join(s->dir, relpath) : util_strdup(s->dir);

	err_file(e, p);
	errno = saved;
	fileio_fail(e, p, what);
	free(p);
	return -1;
}

/* Noted before it is made, so that an exit in between cannot leave it. */
static void
fileio_stage_note(struct fileio_stage *s, const char *relpath)
{
	char *copy = util_strdup(relpath);

	s->files = util_reallocarray(s->files, s->n + 1, sizeof *s->files);
	s->files[s->n++] = copy;
}

int
fileio_stage_mkdir(struct fileio_stage *s, const char *relpath,
    struct gb_err *e)
{
	char *p = fileio_join(s->tmp, relpath);
	int r = 0;

	fileio_stage_note(s, relpath);
	if (mkdir(p, 0777) == -1)
		r = fileio_stage_fail(s, relpath, "cannot create directory", e);
	free(p);
	return r;
}

int
fileio_stage_write(struct fileio_stage *s, const char *relpath,
    const char *data, size_t len, struct gb_err *e)
{
	char *p = fileio_join(s->tmp, relpath);
	int fd, r = 0;

	fileio_stage_note(s, relpath);
	fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd == -1) {
		r = fileio_stage_fail(s, relpath, "cannot create", e);
	} else {
		if (fileio_write_all(fd, data, len) == -1 ||
		    (s->flush == FILEIO_FLUSH_EACH && fsync(fd) == -1))
			r = fileio_stage_fail(s, relpath, "cannot write", e);
		if (close(fd) == -1 && r == 0)
			r = fileio_stage_fail(s, relpath, "cannot write", e);
	}
	free(p);
	return r;
}

/* Everything staged made durable, as s->flush says; 0 or -1. */
static int
fileio_stage_flush(struct fileio_stage *s, struct gb_err *e)
{
	int files = 0; /* 1: the files too, not the directories only */
	struct stat sb;

#ifdef __linux__
	if (s->flush == FILEIO_FLUSH_FS) {
		if (syncfs(s->fd) == 0)
			return 0;
		if (errno != ENOSYS)
			return fileio_stage_fail(s, NULL, "cannot flush", e);
		/* No syncfs here (a seccomp filter): it flushed nothing
		 * and took no error away; flush every entry instead. */
		files = 1;
	}
#endif
	for (size_t i = 0; i < s->n; i++) {
		char *p = fileio_join(s->tmp, s->files[i]);
		if (stat(p, &sb) == 0 && (files || S_ISDIR(sb.st_mode)) &&
		    fileio_sync(p) == -1) {
			free(p);
			return fileio_stage_fail(s, s->files[i],
			    "cannot flush", e);
		}
		free(p);
	}
	if (fsync(s->fd) == -1)
		return fileio_stage_fail(s, NULL, "cannot flush directory", e);
	return 0;
}

/* Why a crash at any moment leaves either what was there before (no
 * directory, or the empty one the user made) or the complete outputs:
 *
 * 1. While the stage is written, everything is under the hidden
 *    temporary directory; nothing names it as the outputs.  A crash
 *    leaves at most that directory, with any part of its files.
 * 2. fileio_stage_flush makes every file (contents, size) and every
 *    directory entry of the stage durable and returns only then: one
 *    syncfs of the whole filesystem (FILEIO_FLUSH_FS), or an fsync of
 *    each file as it was written and of each directory now
 *    (FILEIO_FLUSH_EACH).  Either way, when it returns 0 the complete
 *    stage is on the disk; if it fails nothing is renamed, and the
 *    temporary directory is removed.  Flushing all the files at once
 *    costs one journal commit and one cache flush on ext4 instead of
 *    one per file and directory (some 13 for a turn's outputs).
 * 3. Only then rename(2) puts the stage in place, atomically: after a
 *    crash the name is either the old entry or the complete new
 *    directory, which was durable before the rename was made.
 * 4. The parent directory is flushed: the rename itself is durable
 *    before success is reported (and before `gunbai run` empties the
 *    inbox).  If that fails, the outputs are taken back.
 *
 * syncfs also writes back what other programs left dirty on the same
 * filesystem, so a busy disk makes it wait for them; measured on a
 * shared machine it was still a fraction of the fsyncs (bench/README).
 * A kill (SIGKILL) at any moment is the same case as a crash without
 * the flushes: the page cache outlives the process. */
int
fileio_stage_commit(struct fileio_stage *s, struct gb_err *e)
{
	char parent[PATH_MAX];
	struct stat sb;
	int r;

	err_file(e, s->dir);
	if (fileio_stage_flush(s, e) == -1)
		return -1;
	/* rename(2) replaces an empty directory, never a non-empty one.
	 * One the user made keeps its mode and group. */
	if ((r = fileio_dir_state(s->dir, &sb, e)) == -1)
		return -1;
	if (r == 1 && (chmod(s->tmp, sb.st_mode & 07777) == -1 ||
	    chown(s->tmp, (uid_t)-1, sb.st_gid) == -1))
		return fileio_fail(e, s->dir, "cannot keep the mode and group "
		    "of");
	if (rename(s->tmp, s->dir) == -1)
		return fileio_fail(e, s->dir, "cannot rename into place");
	free(s->tmp);
	s->tmp = NULL;
	fileio_dirname(s->dir, parent, sizeof parent);
	if (fileio_sync(parent) == -1) {
		/* The rename may not last: take the outputs back, so that a
		 * failure means nothing was written. */
		fileio_fail(e, parent, "cannot flush directory");
		fileio_stage_remove(s->dir, s->files, s->n);
		return -1;
	}
	return 0;
}

/* Remove the files and directories noted under top, then top; in
 * reverse, files before the directories holding them.  Allocates
 * nothing: it runs at exit after an allocation failed. */
static void
fileio_stage_remove(const char *top, char *const *files, size_t n)
{
	char p[PATH_MAX];

	for (size_t i = n; i-- > 0;) {
		if (snprintf(p, sizeof p, "%s/%s", top, files[i]) >=
		    (int)sizeof p)
			continue;
		if (unlink(p) == -1)
			rmdir(p);
	}
	rmdir(top);
}

void
fileio_stage_end(struct fileio_stage *s)
{
	fileio_live_set(s, NULL);
	if (s->fd != -1)
		close(s->fd);
	if (s->tmp != NULL) {
		fileio_stage_remove(s->tmp, s->files, s->n);
		free(s->tmp);
	}
	for (size_t i = 0; i < s->n; i++)
		free(s->files[i]);
	free(s->files);
	free(s->dir);
	memset(s, 0, sizeof *s);
}
