/* fileio.c - capped reads, and writes that are complete or absent. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"

static int
fileio_fail(struct gb_err *e, const char *path, const char *what)
{
	err_set(e, 0, 0, "%s '%s': %s", what, path, strerror(errno));
	return -1;
}

int
fileio_read(const char *path, size_t cap, char **buf, size_t *len,
    struct gb_err *e)
{
	struct stat sb;
	char *p;
	size_t n = 0;
	int fd;

	err_file(e, path);
	*buf = NULL;
	*len = 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)) == -1)
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
	p = util_malloc(cap + 2);
	for (;;) {
		ssize_t r = read(fd, p + n, cap + 1 - n);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1) {
			fileio_fail(e, path, "cannot read");
			free(p);
			close(fd);
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n > cap) {
			free(p);
			close(fd);
			return err_set(e, 0, 0,
			    "'%s' is larger than %zu bytes", path, cap);
		}
	}
	close(fd);
	p[n] = '\0';
	*buf = p;
	*len = n;
	return 0;
}

/* Write all of data to fd and flush it to disk. */
static int
fileio_write_fd(int fd, const char *data, size_t len)
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
	return fsync(fd);
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

static int
fileio_sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int r;

	if (fd == -1)
		return -1;
	r = fsync(fd);
	close(fd);
	return r;
}

int
fileio_create(const char *path, const char *data, size_t len,
    struct gb_err *e)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 32];
	int fd;

	err_file(e, path);
	fileio_dirname(path, dir, sizeof dir);
	if (snprintf(tmp, sizeof tmp, "%s/.gunbai.XXXXXX", dir) >=
	    (int)sizeof tmp)
		return err_set(e, 0, 0, "path '%s' is too long", path);
	if ((fd = mkstemp(tmp)) == -1)
		return fileio_fail(e, dir, "cannot create a file in");
	if (fchmod(fd, 0644) == -1 || fileio_write_fd(fd, data, len) == -1) {
		fileio_fail(e, path, "cannot write");
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (close(fd) == -1) {
		fileio_fail(e, path, "cannot write");
		unlink(tmp);
		return -1;
	}
	/* link() refuses to replace: an existing file is never clobbered. */
	if (link(tmp, path) == -1) {
		if (errno == EEXIST)
			err_set(e, 0, 0, "'%s' exists; not overwriting it", path);
		else
			fileio_fail(e, path, "cannot create");
		unlink(tmp);
		return -1;
	}
	unlink(tmp);
	if (fileio_sync_dir(dir) == -1)
		return fileio_fail(e, dir, "cannot flush directory");
	return 0;
}

/* 1 if dir exists and is empty, 0 if it does not exist, -1 otherwise. */
static int
fileio_dir_state(const char *dir, struct gb_err *e)
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
	return 1;
}

int
fileio_stage_begin(struct fileio_stage *s, const char *dir,
    struct gb_err *e)
{
	char parent[PATH_MAX], tmp[PATH_MAX + 32];
	size_t dl = strlen(dir);

	memset(s, 0, sizeof *s);
	err_file(e, dir);
	while (dl > 1 && dir[dl - 1] == '/')
		dl--;
	s->dir = util_strndup(dir, dl);
	if (fileio_dir_state(s->dir, e) == -1)
		return -1;
	fileio_dirname(s->dir, parent, sizeof parent);
	if (snprintf(tmp, sizeof tmp, "%s/.gunbai-out.XXXXXX", parent) >=
	    (int)sizeof tmp)
		return err_set(e, 0, 0, "path '%s' is too long", dir);
	if (mkdtemp(tmp) == NULL)
		return fileio_fail(e, parent, "cannot create a directory in");
	s->tmp = util_strdup(tmp);
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

static void
fileio_stage_note(struct fileio_stage *s, const char *relpath)
{
	s->files = util_reallocarray(s->files, s->n + 1, sizeof *s->files);
	s->files[s->n++] = util_strdup(relpath);
}

int
fileio_stage_mkdir(struct fileio_stage *s, const char *relpath,
    struct gb_err *e)
{
	char *p = fileio_join(s->tmp, relpath);
	int r = 0;

	if (mkdir(p, 0755) == -1)
		r = fileio_fail(e, p, "cannot create directory");
	else
		fileio_stage_note(s, relpath);
	free(p);
	return r;
}

int
fileio_stage_write(struct fileio_stage *s, const char *relpath,
    const char *data, size_t len, struct gb_err *e)
{
	char *p = fileio_join(s->tmp, relpath);
	int fd, r = 0;

	fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd == -1) {
		r = fileio_fail(e, p, "cannot create");
	} else {
		fileio_stage_note(s, relpath);
		if (fileio_write_fd(fd, data, len) == -1)
			r = fileio_fail(e, p, "cannot write");
		if (close(fd) == -1 && r == 0)
			r = fileio_fail(e, p, "cannot write");
	}
	free(p);
	return r;
}

int
fileio_stage_commit(struct fileio_stage *s, struct gb_err *e)
{
	char parent[PATH_MAX];

	err_file(e, s->dir);
	/* Directories made in the stage must reach the disk too. */
	for (size_t i = 0; i < s->n; i++) {
		char *p = fileio_join(s->tmp, s->files[i]);
		struct stat sb;
		if (stat(p, &sb) == 0 && S_ISDIR(sb.st_mode) &&
		    fileio_sync_dir(p) == -1) {
			fileio_fail(e, p, "cannot flush directory");
			free(p);
			return -1;
		}
		free(p);
	}
	if (fileio_sync_dir(s->tmp) == -1)
		return fileio_fail(e, s->tmp, "cannot flush directory");
	/* rename(2) replaces an empty directory, never a non-empty one. */
	if (fileio_dir_state(s->dir, e) == -1)
		return -1;
	if (rename(s->tmp, s->dir) == -1)
		return fileio_fail(e, s->dir, "cannot rename into place");
	free(s->tmp);
	s->tmp = NULL;
	fileio_dirname(s->dir, parent, sizeof parent);
	if (fileio_sync_dir(parent) == -1)
		return fileio_fail(e, parent, "cannot flush directory");
	return 0;
}

void
fileio_stage_end(struct fileio_stage *s)
{
	if (s->tmp != NULL) {
		/* Remove in reverse: files before the directories holding
		 * them. */
		for (size_t i = s->n; i-- > 0;) {
			char *p = fileio_join(s->tmp, s->files[i]);
			if (unlink(p) == -1)
				rmdir(p);
			free(p);
		}
		rmdir(s->tmp);
		free(s->tmp);
	}
	for (size_t i = 0; i < s->n; i++)
		free(s->files[i]);
	free(s->files);
	free(s->dir);
	memset(s, 0, sizeof *s);
}
