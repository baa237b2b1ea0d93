/* opendir/readdir/closedir/rewinddir on the run's directory, including files the
   program created and removed. Natively the order of entries is the file system's,
   so the names are sorted before printing; d_type and d_reclen are glibc's. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int list(DIR *d)
{
    char *names[32];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 32) {
        char line[300];
        snprintf(line, sizeof line, "%s type=%d reclen=%d ino>0=%d", e->d_name, e->d_type,
                 e->d_reclen, e->d_ino > 0);
        names[n++] = strdup(line);
    }
    qsort(names, n, sizeof names[0], cmp);
    for (int i = 0; i < n; i++) {
        printf("  %s\n", names[i]);
        free(names[i]);
    }
    return n;
}

int main(void)
{
    fclose(fopen("alpha.txt", "w"));
    fclose(fopen("a-much-longer-file-name.data", "w"));
    fclose(fopen("gone.txt", "w"));
    remove("gone.txt");
    errno = 0;
    DIR *none = opendir("missing");
    printf("missing: %s (%s)\n", none ? "open" : "null", strerror(errno));
    errno = 0;
    DIR *file = opendir("alpha.txt");
    printf("file: %s (%s)\n", file ? "open" : "null", strerror(errno));

    DIR *d = opendir(".");
    if (!d)
        return 1;
    /* opendir holds a descriptor: the next open takes the one after it. */
    int fd = open("alpha.txt", O_RDONLY);
    printf("next descriptor: %d\n", fd);
    close(fd);
    printf("first pass:\n");
    int n = list(d);
    errno = 0;
    printf("after the end: %s, errno %d\n", readdir(d) ? "entry" : "null", errno);
    rewinddir(d);
    printf("rewound: %d entries again\n", list(d) == n);
    printf("closedir: %d\n", closedir(d));
    return 0;
}
