/* replay.c - a main for a fuzz target without libFuzzer: runs the target
 * once on every file given, and on every file of every directory given
 * (in name order), so that corpora and crash inputs are replayed by
 * `make test` with any compiler.  Prints how many inputs it ran. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/fileio.h"
#include "fuzz.h"

/* The largest input replayed: as large as the largest file gunbai
 * reads. */
#define REPLAY_MAX FILEIO_STATE_MAX

static int
replay_file(const char *path)
{
	struct gb_err e = { 0 };
	char *buf;
	size_t len;

	if (fileio_read(path, REPLAY_MAX, &buf, &len, &e) == -1) {
		fprintf(stderr, "replay: %s: %s\n", path, e.msg);
		return -1;
	}
	/* A copy of exactly len bytes, so that ASan sees any read past
	 * the input. */
	{
		uint8_t *copy = malloc(len ? len : 1);
		if (copy == NULL)
			return -1;
		memcpy(copy, buf, len);
		free(buf);
		fuzz_input = path;
		LLVMFuzzerTestOneInput(copy, len);
		fuzz_input = NULL;
		free(copy);
	}
	return 0;
}

static int
replay_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
replay_dir(const char *dir, size_t *count)
{
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int r = 0;
	DIR *d;

	if ((d = opendir(dir)) == NULL) {
		perror(dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			names = util_reallocarray(names, cap, sizeof *names);
		}
		names[n++] = util_strdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, replay_names);
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		struct stat sb;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
			if (replay_file(path) == -1)
				r = -1;
			(*count)++;
		}
		free(names[i]);
	}
	free(names);
	return r;
}

int
main(int argc, char **argv)
{
	size_t count = 0;
	int r = 0;

	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat sb;
		if (stat(argv[i], &sb) == -1) {
			perror(argv[i]);
			r = 1;
		} else if (S_ISDIR(sb.st_mode)) {
			if (replay_dir(argv[i], &count) == -1)
				r = 1;
		} else {
			if (replay_file(argv[i]) == -1)
				r = 1;
			count++;
		}
	}
	printf("%s: replayed %zu inputs\n", argv[0], count);
	return r;
}
