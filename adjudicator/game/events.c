/* events.c - the turn's log that games write to and reports read. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"

/* A run's log starts with room for this many events: a point with a
 * few orders logs more than 16, and each growth is a copy. */
#define EVENTS_FIRST 64

void
events_add(struct events *ev, unsigned to, const char *fmt, ...)
{
	/* Most events fit here: formatted once, then copied to a block of
	 * their size (one allocation, not a guess grown by realloc). */
	char buf[256], *text;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0) {
		n = 0;
		buf[0] = '\0';
	}
	text = util_malloc((size_t)n + 1);
	if ((size_t)n < sizeof buf)
		memcpy(text, buf, (size_t)n + 1);
	else {
		va_start(ap, fmt);
		vsnprintf(text, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	events_take(ev, to, text);
}

void
events_take(struct events *ev, unsigned to, char *text)
{
	if (ev->n == ev->cap) {
		ev->cap = ev->cap ? 2 * ev->cap : EVENTS_FIRST;
		ev->v = util_reallocarray(ev->v, ev->cap, sizeof *ev->v);
	}
	ev->v[ev->n].to = to;
	ev->v[ev->n].point = ev->point;
	/* A game that cut a quoted order inside a character must not make
	 * the state unreadable or the reports differ from it. */
	ev->v[ev->n].text = text;
	util_utf8_fix(ev->v[ev->n].text);
	ev->n++;
}

void
events_free(struct events *ev)
{
	for (size_t i = 0; i < ev->n; i++)
		free(ev->v[i].text);
	free(ev->v);
	ev->v = NULL;
	ev->n = ev->cap = 0;
}

void
events_move(struct events *ev, struct events *from)
{
	for (size_t i = 0; i < from->n; i++) {
		if (ev->n == ev->cap) {
			ev->cap = ev->cap ? 2 * ev->cap : EVENTS_FIRST;
			ev->v = util_reallocarray(ev->v, ev->cap,
			    sizeof *ev->v);
		}
		ev->v[ev->n++] = from->v[i];
	}
	free(from->v);
	from->v = NULL;
	from->n = from->cap = 0;
}
