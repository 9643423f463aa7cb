/* test_fileio.c - capped reads and outputs that are complete or absent. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fileio.h"

static char fileio_dir[64];

static int
fileio_setup(void **ctx)
{
	(void)ctx;
	snprintf(fileio_dir, sizeof fileio_dir, "/tmp/gunbai-fileio.XXXXXX");
	return mkdtemp(fileio_dir) == NULL ? -1 : 0;
}

static int
fileio_teardown(void **ctx)
{
	char cmd[128];

	(void)ctx;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", fileio_dir);
	return system(cmd) == 0 ? 0 : -1;
}

static char *
fileio_path(const char *name)
{
	static char buf[4][256];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", fileio_dir, name);
	return buf[k];
}

/* How many entries dir has, not counting . and .. */
static int
fileio_entries(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static void
fileio_rm(const char *name)
{
	char cmd[320];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", fileio_path(name));
	assert_int_equal(system(cmd), 0);
}

static void
fileio_write_plain(const char *path, const char *s)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(s, f);
	fclose(f);
}

static void
test_read_cap(void **ctx)
{
	struct gb_err e = { 0 };
	char *buf;
	size_t len;

	(void)ctx;
	fileio_write_plain(fileio_path("ten"), "0123456789");
	assert_int_equal(fileio_read(fileio_path("ten"), 10, &buf, &len, &e),
	    0);
	assert_int_equal(len, 10);
	assert_string_equal(buf, "0123456789");
	free(buf);
	assert_int_equal(fileio_read(fileio_path("ten"), 9, &buf, &len, &e),
	    -1);
	assert_null(buf);
	assert_non_null(strstr(e.msg, "at most 9"));
	assert_int_equal(fileio_read(fileio_path("none"), 9, &buf, &len, &e),
	    -1);
	assert_non_null(strstr(e.msg, "cannot open"));
	assert_int_equal(fileio_read(fileio_dir, 9, &buf, &len, &e), -1);
	assert_non_null(strstr(e.msg, "not a regular file"));
	unlink(fileio_path("ten"));
}

static void
test_create_never_replaces(void **ctx)
{
	struct gb_err e = { 0 };
	char *buf;
	size_t len;

	(void)ctx;
	assert_int_equal(fileio_create(fileio_path("s.yaml"), "new\n", 4, &e),
	    0);
	assert_int_equal(fileio_create(fileio_path("s.yaml"), "other\n", 6,
	    &e), -1);
	assert_non_null(strstr(e.msg, "not overwriting"));
	assert_int_equal(fileio_read(fileio_path("s.yaml"), 100, &buf, &len,
	    &e), 0);
	assert_string_equal(buf, "new\n");
	free(buf);
	/* No temporary file is left beside it. */
	assert_int_equal(fileio_entries(fileio_dir), 1);
	unlink(fileio_path("s.yaml"));
}

static void
test_stage_commit(void **ctx)
{
	struct fileio_stage s;
	struct gb_err e = { 0 };
	char *buf;
	size_t len;

	(void)ctx;
	assert_int_equal(fileio_stage_begin(&s, fileio_path("out"), &e), 0);
	assert_int_equal(fileio_stage_mkdir(&s, "reports", &e), 0);
	assert_int_equal(fileio_stage_write(&s, "reports/a.txt", "a\n", 2, &e),
	    0);
	assert_int_equal(fileio_stage_write(&s, "state.yaml", "x: 1\n", 5, &e),
	    0);
	/* Nothing is visible before the commit. */
	assert_int_equal(access(fileio_path("out"), F_OK), -1);
	assert_int_equal(fileio_stage_commit(&s, &e), 0);
	fileio_stage_end(&s);
	assert_int_equal(fileio_read(fileio_path("out/reports/a.txt"), 100,
	    &buf, &len, &e), 0);
	assert_string_equal(buf, "a\n");
	free(buf);
	assert_int_equal(fileio_entries(fileio_dir), 1);
	/* A second run into the same directory is refused, and leaves
	 * nothing behind. */
	assert_int_equal(fileio_stage_begin(&s, fileio_path("out"), &e), -1);
	assert_non_null(strstr(e.msg, "state.yaml' exists"));
	fileio_stage_end(&s);
	assert_int_equal(fileio_entries(fileio_dir), 1);
	fileio_rm("out");
}

static void
test_stage_abandoned(void **ctx)
{
	struct fileio_stage s;
	struct gb_err e = { 0 };

	(void)ctx;
	assert_int_equal(fileio_stage_begin(&s, fileio_path("out2"), &e), 0);
	assert_int_equal(fileio_stage_mkdir(&s, "reports", &e), 0);
	assert_int_equal(fileio_stage_write(&s, "reports/b.txt", "b", 1, &e),
	    0);
	fileio_stage_end(&s); /* a failure before the commit */
	assert_int_equal(access(fileio_path("out2"), F_OK), -1);
	assert_int_equal(fileio_entries(fileio_dir), 0);
}

static void
test_stage_existing_dirs(void **ctx)
{
	struct fileio_stage s;
	struct gb_err e = { 0 };

	(void)ctx;
	/* An empty directory is replaced. */
	assert_int_equal(mkdir(fileio_path("empty"), 0755), 0);
	assert_int_equal(fileio_stage_begin(&s, fileio_path("empty/"), &e), 0);
	assert_int_equal(fileio_stage_write(&s, "state.yaml", "y\n", 2, &e), 0);
	assert_int_equal(fileio_stage_commit(&s, &e), 0);
	fileio_stage_end(&s);
	assert_int_equal(access(fileio_path("empty/state.yaml"), F_OK), 0);
	/* A non-empty one without state.yaml is refused too. */
	assert_int_equal(mkdir(fileio_path("full"), 0755), 0);
	fileio_write_plain(fileio_path("full/notes"), "mine");
	assert_int_equal(fileio_stage_begin(&s, fileio_path("full"), &e), -1);
	assert_non_null(strstr(e.msg, "not empty"));
	fileio_stage_end(&s);
	fileio_rm("empty");
	fileio_rm("full");
	assert_int_equal(fileio_entries(fileio_dir), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_cap),
		cmocka_unit_test(test_create_never_replaces),
		cmocka_unit_test(test_stage_commit),
		cmocka_unit_test(test_stage_abandoned),
		cmocka_unit_test(test_stage_existing_dirs),
	};

	return cmocka_run_group_tests(tests, fileio_setup, fileio_teardown);
}
