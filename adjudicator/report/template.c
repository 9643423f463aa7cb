/* template.c - the orders template of a player who owes a decision: what
 * the text report ends with and the JSON report carries, made once. */
#include "turn/commit.h"
#include "turn/orders.h"
#include "report/template.h"

/* label, value and a newline. */
static void
template_line(struct sbuf *out, const char *label, const char *value)
{
	sbuf_puts(out, label);
	sbuf_puts(out, value);
	sbuf_putc(out, '\n');
}

void
template_orders(const struct state *st, int player, struct sbuf *out)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t n = st->game->owed(st->g, owed);
	char uid[COMMIT_UID_HEX + 1];
	struct sbuf line;
	int owes = 0;

	const char *what = "";

	for (size_t i = 0; i < n; i++)
		if (owed[i].player == player) {
			owes = 1;
			what = owed[i].what;
		}
	if (!owes)
		return;
	sbuf_init(&line);
	/* Wrapped: an id and a name of 32 characters each would pass the
	 * report's 72 columns.  The point is the file's number ('turn:'
	 * below); the game's own turn, where it has one, is in what. */
	sbuf_printf(&line, "Orders of %s for point %lld of game %s (%s): "
	    "%s. The file's 'turn:' is the point's number.",
	    st->names[player], st->turn, st->id, st->game->title, what);
	util_wrap(out, REPORT_WIDTH, "# ", "# ", line.p);
	sbuf_free(&line);
	st->game->help(st->g, player, out);
	util_hex(st->uid, sizeof st->uid, uid);
	sbuf_puts(out, "# To correct a file already sent, send the whole "
	    "file again with\n# 'revision: 1' (then 2, ...) below 'turn:'; "
	    "the highest counts.\n");
	/* "gunbai: %s\ngame: %s\nuid: %s\nturn: %lld\nplayer: %s\norders:\n" */
	template_line(out, "gunbai: ", ORDERS_FORMAT);
	template_line(out, "game: ", st->id);
	template_line(out, "uid: ", uid);
	sbuf_puts(out, "turn: ");
	sbuf_int(out, st->turn);
	sbuf_putc(out, '\n');
	template_line(out, "player: ", st->names[player]);
	sbuf_puts(out, "orders:\n");
}
