/* File positioning on files the program writes and reads back: fseek/ftell/rewind,
   fgetpos/fsetpos, ungetc on a file, feof/ferror/clearerr, fopen modes, tmpfile,
   rename and remove. Every file stays in the run's directory. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

static void show(FILE *f, const char *what)
{
    printf("%s: tell=%ld eof=%d err=%d\n", what, ftell(f), feof(f) != 0, ferror(f) != 0);
}

static void dump(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("%s: cannot open (%s)\n", path, strerror(errno));
        return;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    printf("%s: %ld bytes [", path, n);
    int c;
    while ((c = fgetc(f)) != EOF)
        printf(c >= 32 && c < 127 ? "%c" : "\\%o", c);
    printf("]\n");
    fclose(f);
}

int main(void)
{
    FILE *f = fopen("notes.txt", "w+");
    fputs("alpha\nbeta\ngamma\n", f);
    show(f, "after write");
    rewind(f);
    char line[32];
    fgets(line, sizeof line, f);
    printf("first line: %s", line);
    show(f, "after fgets");
    fpos_t mark;
    fgetpos(f, &mark);
    fseek(f, -6, SEEK_END);
    fgets(line, sizeof line, f);
    printf("last line: %s", line);
    fsetpos(f, &mark);
    fgets(line, sizeof line, f);
    printf("back at mark: %s", line);
    int c = fgetc(f);
    ungetc('G', f);
    show(f, "after ungetc");
    printf("reread: %c (was %c)\n", fgetc(f), c);
    fseek(f, 0, SEEK_END);
    printf("getc at end: %d\n", fgetc(f));
    show(f, "at end");
    clearerr(f);
    show(f, "cleared");
    fseek(f, 3, SEEK_CUR); /* past the end: a later write leaves zeros */
    fputc('!', f);
    printf("seek before start: %d\n", fseek(f, -100, SEEK_SET) == -1 && errno == EINVAL);
    fclose(f);
    dump("notes.txt");

    f = fopen("notes.txt", "a");
    show(f, "append opened");
    fputs("delta\n", f);
    show(f, "append written");
    fclose(f);
    f = fopen("notes.txt", "a+");
    show(f, "a+ opened");
    printf("a+ reads from the start: %c\n", fgetc(f));
    fputs("eps\n", f);
    show(f, "a+ written");
    fclose(f);
    dump("notes.txt");

    f = fopen("notes.txt", "r");
    printf("write to a read stream: %d\n", fputc('x', f));
    show(f, "read stream");
    fclose(f);
    f = fopen("notes.txt", "r+");
    fputs("ALPHA", f);
    fclose(f);
    dump("notes.txt");
    printf("x mode on an existing file: %p\n", (void *)fopen("notes.txt", "wx"));

    FILE *t = tmpfile();
    fprintf(t, "%d %s", 42, "scratch");
    rewind(t);
    int n;
    char word[16];
    if (fscanf(t, "%d %15s", &n, word) == 2)
        printf("tmpfile: %d %s\n", n, word);
    fclose(t);

    printf("rename: %d\n", rename("notes.txt", "renamed.txt"));
    dump("notes.txt");
    dump("renamed.txt");
    printf("remove: %d\n", remove("renamed.txt"));
    printf("remove again: %d (%s)\n", remove("renamed.txt"), strerror(errno));
    dump("renamed.txt");
    printf("fopen missing: %p\n", (void *)fopen("missing.txt", "r"));
    perror("missing.txt");
    printf("stdin seek: %d\n", fseek(stdin, 0, SEEK_SET));
    printf("stdout tell: %ld\n", ftell(stdout));
    return 0;
}
