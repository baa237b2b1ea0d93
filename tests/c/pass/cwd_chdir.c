/* getcwd and chdir with glibc's errno values. The directory's name differs between a
   native run and regcause's (which shows its tree as /work), so only what follows
   from it is printed: it is absolute, stable, and absolute paths under it work. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void show(const char *what, int r)
{
    printf("%s -> %d", what, r);
    if (r < 0)
        printf(" (%s)", strerror(errno));
    printf("\n");
    errno = 0;
}

int main(void)
{
    char base[4096], again[4096], small[2];
    if (!getcwd(base, sizeof base))
        return 1;
    printf("absolute: %d\n", base[0] == '/');
    char *heap = getcwd(NULL, 0);
    printf("getcwd(NULL, 0) same: %d\n", heap && strcmp(heap, base) == 0);
    free(heap);
    heap = getcwd(NULL, sizeof base);
    printf("getcwd(NULL, size) same: %d\n", heap && strcmp(heap, base) == 0);
    free(heap);
    errno = 0;
    char *r = getcwd(small, sizeof small);
    printf("too small: %s (%s)\n", r ? "ok" : "null", strerror(errno));
    errno = 0;
    r = getcwd(small, 0);
    printf("size 0: %s (%s)\n", r ? "ok" : "null", strerror(errno));

    FILE *f = fopen("f.txt", "w");
    fputs("contents\n", f);
    fclose(f);
    show("chdir missing", chdir("missing"));
    show("chdir file", chdir("f.txt"));
    show("chdir under file", chdir("f.txt/x"));
    show("chdir .", chdir("."));
    show("chdir ./", chdir("./"));
    show("chdir absolute", chdir(base));
    printf("unchanged: %d\n", getcwd(again, sizeof again) && strcmp(again, base) == 0);

    char path[4200];
    snprintf(path, sizeof path, "%s/f.txt", base);
    f = fopen(path, "r");
    char line[32] = "";
    if (f) {
        fgets(line, sizeof line, f);
        fclose(f);
    }
    printf("absolute open: %s", f ? line : "failed\n");
    return 0;
}
