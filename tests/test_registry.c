/* test_registry.c - every registered game has everything a game needs
 * (game.h, "To add a game"): a complete entry, a man page, a sample and
 * case files; and the registry is in order. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "game/game.h"
#include "turn/registry.h"

static int
registry_exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

static size_t
registry_count(const char *dir, const char *suffix)
{
	struct dirent *de;
	size_t n = 0;
	DIR *d = opendir(dir);

	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		size_t l = strlen(de->d_name), s = strlen(suffix);
		if (l > s && strcmp(de->d_name + l - s, suffix) == 0)
			n++;
	}
	closedir(d);
	return n;
}

static void
registry_complete(void **ctx)
{
	(void)ctx;
	assert_true(game_count > 0);
	for (size_t i = 0; i < game_count; i++) {
		const struct game_entry *g = game_registry[i];
		char path[256];

		assert_non_null(g->id);
		assert_non_null(g->title);
		assert_non_null(g->ruleset);
		assert_true(g->min_players >= 1);
		assert_true(g->max_players <= GAME_MAX_PLAYERS);
		assert_true(g->min_players <= g->max_players);
		assert_non_null(g->setup);
		assert_non_null(g->free);
		assert_non_null(g->load);
		assert_non_null(g->save);
		assert_non_null(g->owed);
		assert_non_null(g->validate);
		assert_non_null(g->legal);
		assert_non_null(g->resolve);
		assert_non_null(g->view);
		assert_non_null(g->view_data);
		assert_non_null(g->picture);
		assert_non_null(g->help);
		assert_non_null(g->outcome);
		assert_ptr_equal(game_find(g->id), g);
		if (i > 0)
			assert_true(strcmp(game_registry[i - 1]->id, g->id) < 0);
		snprintf(path, sizeof path, "man/gunbai-%s.6", g->id);
		if (!registry_exists(path))
			fail_msg("%s: no man page %s", g->id, path);
		snprintf(path, sizeof path, "samples/%s/play.sh", g->id);
		if (!registry_exists(path))
			fail_msg("%s: no sample game %s", g->id, path);
		snprintf(path, sizeof path, "tests/cases/%s", g->id);
		if (registry_count(path, ".yaml") == 0)
			fail_msg("%s: no case files in %s", g->id, path);
	}
	assert_null(game_find("no-such-game"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(registry_complete),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
