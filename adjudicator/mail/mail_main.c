/* mail_main.c - gunbai-mail, the program `gunbai mail-in` and `gunbai
 * mail-out` run (main.c, cmd_mail): the only one linked with GMime.
 * argv[1] is the command, as gunbai gave it; usage and --help are the
 * commands' own. */
#include <signal.h>
#include <string.h>

#include "archive/cmd.h"
#include "mail/mail.h"
#include "base/crypto.h"

int
main(int argc, char **argv)
{
	signal(SIGXFSZ, SIG_IGN);
	crypto_init(); /* as gunbai: no openssl.cnf read */
	if (argc >= 2 && strcmp(argv[1], "mail-in") == 0)
		return cmd_mail_in(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "mail-out") == 0)
		return cmd_mail_out(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "league") == 0)
		return cmd_league_mail(argc - 1, argv + 1);
	return cmd_fail(EXIT_USAGE, "gunbai-mail is run by gunbai: "
	    "use gunbai mail-in or gunbai mail-out");
}
