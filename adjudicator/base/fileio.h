/* fileio.h - reading inputs whole with a size cap, and writing outputs so
 * that a failed or killed run leaves nothing half-written. */
#ifndef GUNBAI_FILEIO_H
#define GUNBAI_FILEIO_H

#include <stddef.h>

#include "base/util.h"

#define FILEIO_STATE_MAX (16u << 20)  /* a state file */
#define FILEIO_ORDERS_MAX (256u << 10) /* an orders file */
#define FILEIO_SIG_MAX 4096u           /* a signature file */
#define FILEIO_KEY_MAX 16384u          /* a public key file */

/* Read the whole regular file at path, at most cap bytes.  *buf gets a
 * NUL-terminated copy (caller frees), *len its length.  Returns 0, or -1
 * with e set (e->file = path). */
int fileio_read(const char *path, size_t cap, char **buf, size_t *len,
    struct gb_err *e);

/* Read fd (a pipe: standard input) to its end, at most cap bytes, as
 * fileio_read does; name is shown in messages.  fd is not closed. */
int fileio_read_fd(int fd, const char *name, size_t cap, char **buf,
    size_t *len, struct gb_err *e);

/* 1 if the regular file at path holds exactly the len bytes data, 0 if
 * not (or it cannot be read). */
int fileio_same(const char *path, const char *data, size_t len);

/* Create the file path with the given bytes, never replacing an existing
 * one: the bytes go to a temporary file beside it, are flushed to disk and
 * then linked into place.  Returns 0, or -1 with e set. */
int fileio_create(const char *path, const char *data, size_t len,
    struct gb_err *e);

/* Append len bytes to the file at path (made if missing, as the umask
 * leaves 0666) and flush it: a ledger's line.  0, or -1 with errno set. */
int fileio_append(const char *path, const char *data, size_t len);

/* Flush the file or directory at path to disk (fsync): 0, or -1 with
 * errno set. */
int fileio_sync(const char *path);

/* How a stage is flushed (fileio.c, fileio_flush_mode). */
enum { FILEIO_FLUSH_EACH, FILEIO_FLUSH_FS };

/* An output directory being prepared: files are written into a hidden
 * temporary directory beside dir, which becomes dir in one rename. */
struct fileio_stage {
	char *dir;   /* the final directory */
	char *tmp;   /* the temporary directory */
	char **files; /* paths relative to tmp, for cleaning up */
	size_t n;
	int fd;      /* tmp, open from its making to fileio_stage_end */
	int flush;   /* FILEIO_FLUSH_FS: one syncfs at commit; _EACH:
	              * every file flushed as it is written */
};

/* Start staging for dir.  Refuses if dir exists and is not empty.  */
int fileio_stage_begin(struct fileio_stage *s, const char *dir,
    struct gb_err *e);
/* Write relpath (a name, or "sub/name" whose sub was made with
 * fileio_stage_mkdir) with the given bytes: on the disk when
 * fileio_stage_commit returns 0. */
int fileio_stage_write(struct fileio_stage *s, const char *relpath,
    const char *data, size_t len, struct gb_err *e);
int fileio_stage_mkdir(struct fileio_stage *s, const char *relpath,
    struct gb_err *e);
/* Flush the whole stage, rename the temporary directory to dir and
 * flush its parent (the order, and why it is safe: fileio.c).  On failure, or if not
 * called, fileio_stage_end removes the temporary directory; so does an
 * exit() before fileio_stage_end.  Call fileio_stage_end before the stage
 * goes out of scope. */
int fileio_stage_commit(struct fileio_stage *s, struct gb_err *e);
void fileio_stage_end(struct fileio_stage *s);

#endif
