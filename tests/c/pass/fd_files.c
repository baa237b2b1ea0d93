/* File descriptors on files: open with its flags and glibc's errno values, read,
   write, lseek, close, and the stdio bridges fileno/fdopen. Descriptors are numbered
   as the kernel gives them (lowest free), shared with fopen. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void show(const char *what, long r)
{
    printf("%s -> %ld", what, r);
    if (r < 0)
        printf(" (%s)", strerror(errno));
    printf("\n");
    errno = 0;
}

static void dump(const char *path)
{
    char buf[64];
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        printf("%s: %s\n", path, strerror(errno));
        return;
    }
    long n = read(fd, buf, sizeof buf - 1);
    buf[n < 0 ? 0 : n] = 0;
    printf("%s (fd %d): %ld [%s]\n", path, fd, n, buf);
    close(fd);
}

int main(void)
{
    char buf[16];
    show("open missing", open("missing.txt", O_RDONLY));
    show("open nodir/x", open("nodir/x", O_WRONLY | O_CREAT, 0644));
    int fd = open("a.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    show("open a.txt", fd);
    show("write", write(fd, "hello world\n", 12));
    show("read on write-only", read(fd, buf, 4));
    show("lseek set 6", lseek(fd, 6, SEEK_SET));
    show("write over", write(fd, "WORLD", 5));
    show("lseek end +4", lseek(fd, 4, SEEK_END));
    show("write past end", write(fd, "!", 1));
    show("lseek cur", lseek(fd, 0, SEEK_CUR));
    show("lseek negative", lseek(fd, -100, SEEK_CUR));
    show("lseek bad whence", lseek(fd, 0, 7));
    show("close", close(fd));
    show("close again", close(fd));
    show("write closed", write(fd, "x", 1));
    show("lseek closed", lseek(fd, 0, SEEK_SET));
    show("read bad fd", read(42, buf, 1));
    show("excl existing", open("a.txt", O_WRONLY | O_CREAT | O_EXCL, 0644));

    int r = open("a.txt", O_RDONLY);
    show("open ro", r);
    show("write on read-only", write(r, "x", 1));
    long n = read(r, buf, 5);
    printf("read %ld [%.5s]\n", n, buf);
    n = read(r, buf, sizeof buf);
    printf("read %ld bytes, then", n);
    printf(" %ld at end\n", (long)read(r, buf, sizeof buf));

    /* fopen takes the next free descriptor; a closed one is reused first. */
    FILE *f = fopen("b.txt", "w");
    printf("fileno(fopen) = %d, fileno(stdout) = %d\n", fileno(f), fileno(stdout));
    close(r);
    int a = open("a.txt", O_WRONLY | O_APPEND);
    show("reopened for append", a);
    show("lseek cur after open", lseek(a, 0, SEEK_CUR));
    write(a, "tail\n", 5);
    show("lseek cur after append", lseek(a, 0, SEEK_CUR));
    fputs("via stdio\n", f);
    fclose(f);
    FILE *g = fdopen(a, "a");
    printf("fdopen: %s, fileno %d\n", g ? "ok" : "null", g ? fileno(g) : -1);
    fputs("more via fdopen\n", g);
    fclose(g);
    show("close after fclose", close(a));
    int ro = open("a.txt", O_RDONLY);
    errno = 0;
    FILE *bad = fdopen(ro, "w");
    printf("fdopen w on read-only: %s (%s)\n", bad ? "ok" : "null", strerror(errno));
    close(ro);

    dump("a.txt");
    dump("b.txt");
    int t = open("a.txt", O_RDWR | O_TRUNC);
    show("trunc", t);
    show("size after trunc", lseek(t, 0, SEEK_END));
    close(t);
    show("dir for writing", open(".", O_WRONLY));
    int d = open(".", O_RDONLY);
    show("dir read-only", d >= 0);
    show("read dir", read(d, buf, 1));
    close(d);
    int nl = open("/dev/null", O_RDWR);
    show("null write", write(nl, "abc", 3));
    show("null read", read(nl, buf, 3));
    close(nl);
    return 0;
}
