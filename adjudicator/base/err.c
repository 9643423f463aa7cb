/* err.c - errors with their place (struct gb_err, util.h): every message
 * and file name kept through the one escaping rule (escape.h), so that a
 * hostile name or value stays one line of text wherever it is shown. */
#include <stdio.h>

#include "base/escape.h"
#include "base/util.h"

int
err_set(struct gb_err *e, int line, int col, const char *fmt, ...)
{
	char msg[sizeof e->msg];
	va_list ap;

	if (e == NULL)
		return -1;
	/* Format into a copy first: callers may pass e->msg as an argument
	 * to wrap an earlier message. */
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	escape_copy(msg, e->msg, sizeof e->msg);
	e->line = line;
	e->col = col;
	e->hint = 0;
	return -1;
}

void
err_file(struct gb_err *e, const char *file)
{
	if (e != NULL)
		escape_copy(file ? file : "", e->file, sizeof e->file);
}

void
err_format(const struct gb_err *e, char *buf, size_t size)
{
	size_t off = 0;
	int n;

	if (size == 0)
		return;
	buf[0] = '\0';
	if (e->file[0] != '\0') {
		n = snprintf(buf, size, "%s:", e->file);
		off = n < 0 ? 0 : (size_t)n;
	}
	if (e->line > 0 && off < size) {
		if (e->col > 0)
			n = snprintf(buf + off, size - off, "%d:%d:", e->line,
			    e->col);
		else
			n = snprintf(buf + off, size - off, "%d:", e->line);
		off += n < 0 ? 0 : (size_t)n;
	}
	if (off < size)
		snprintf(buf + off, size - off, "%s%s", off > 0 ? " " : "",
		    e->msg);
}
