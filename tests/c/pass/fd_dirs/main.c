/* Descriptors and directories of the run's view: creat, dup, dup2 and fcntl
   (F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD/F_SETFD, F_GETFL/F_SETFL with O_APPEND), fstat
   of a file's descriptor, isatty of a file, mkdir, rmdir and remove of a directory,
   with glibc's errno values. A dup shares the file position; closing one descriptor
   keeps the file open for the other, and an fclose keeps it for a dup. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void show(const char *what, long r)
{
    printf("%s -> %ld", what, r);
    if (r < 0)
        printf(" (%s)", strerror(errno));
    printf("\n");
    errno = 0;
}

static void list(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        printf("opendir %s: %s\n", dir, strerror(errno));
        return;
    }
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++, printf("  %s/%s%s\n", dir, e->d_name, e->d_type == DT_DIR ? "/" : "");
    printf("%s: %d entries\n", dir, n);
    closedir(d);
}

static void contents(const char *path)
{
    char buf[64];
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("%s: %s\n", path, strerror(errno));
        return;
    }
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    printf("%s: [%s]\n", path, buf);
    fclose(f);
}

int main(void)
{
    int fd = creat("out.txt", 0644);
    show("creat", fd);
    show("write", write(fd, "abc", 3));
    int d = dup(fd);
    show("dup", d);
    show("write dup", write(d, "def", 3));
    show("lseek shared", lseek(fd, 0, SEEK_CUR));
    show("close first", close(fd));
    show("write after close of the other", write(d, "g", 1));
    show("dup2 to 9", dup2(d, 9));
    show("write 9", write(9, "h", 1));
    show("dup2 same", dup2(9, 9));
    show("dup2 bad", dup2(42, 10));
    show("dup bad", dup(42));
    show("F_DUPFD from 5", fcntl(d, F_DUPFD, 5));
    show("F_GETFD", fcntl(d, F_GETFD));
    show("F_SETFD", fcntl(d, F_SETFD, FD_CLOEXEC));
    show("F_GETFD after", fcntl(d, F_GETFD));
    int c = fcntl(d, F_DUPFD_CLOEXEC, 0);
    show("F_DUPFD_CLOEXEC", c);
    show("F_GETFD of it", fcntl(c, F_GETFD));
    printf("F_GETFL %o\n", fcntl(d, F_GETFL));
    show("lseek start", lseek(d, 0, SEEK_SET));
    show("F_SETFL append", fcntl(d, F_SETFL, O_APPEND));
    printf("F_GETFL %o\n", fcntl(d, F_GETFL));
    show("write appended", write(d, "!", 1));
    show("fcntl bad", fcntl(42, F_GETFL));
    show("isatty file", isatty(d));
    show("isatty bad", isatty(42));
    struct stat st;
    show("fstat", fstat(d, &st));
    printf("size %ld regular %d\n", (long)st.st_size, S_ISREG(st.st_mode));
    show("fstat bad", fstat(42, &st));
    for (int k = 3; k < 12; k++)
        close(k);
    contents("out.txt");

    int r = open("out.txt", O_RDONLY | O_CLOEXEC);
    show("open cloexec", r);
    show("F_GETFD", fcntl(r, F_GETFD));
    printf("F_GETFL %o\n", fcntl(r, F_GETFL));
    close(r);

    /* A stream closed while a dup of its descriptor stays open. */
    FILE *f = fopen("s.txt", "w+");
    fputs("stream", f);
    fflush(f);
    int sd = dup(fileno(f));
    show("fileno", fileno(f));
    fclose(f);
    show("lseek dup of closed stream", lseek(sd, 0, SEEK_CUR));
    show("write it", write(sd, "+dup", 4));
    close(sd);
    contents("s.txt");

    show("mkdir a", mkdir("a", 0755));
    show("mkdir a again", mkdir("a", 0755));
    show("mkdir a/b", mkdir("a/b", 0755));
    show("mkdir missing/x", mkdir("missing/x", 0755));
    show("mkdir file/x", mkdir("out.txt/x", 0755));
    show("stat a", stat("a", &st));
    printf("dir %d\n", S_ISDIR(st.st_mode));
    FILE *g = fopen("a/b/f.txt", "w");
    fputs("in b", g);
    fclose(g);
    list("a");
    list("a/b");
    contents("a/b/f.txt");
    show("rmdir a (not empty)", rmdir("a"));
    show("rmdir a/b (not empty)", rmdir("a/b"));
    show("unlink a dir", unlink("a/b"));
    show("rmdir file", rmdir("out.txt"));
    show("rmdir missing", rmdir("nope"));
    show("rmdir dot", rmdir("a/."));
    show("remove f", remove("a/b/f.txt"));
    show("remove a/b (dir)", remove("a/b"));
    show("rmdir a", rmdir("a"));
    show("stat a", stat("a", &st));
    show("mkdir over a tree file", mkdir("data.txt", 0700));
    show("rmdir a tree file", rmdir("data.txt"));
    contents("data.txt");
    show("mkdir in subdir", mkdir("sub2/inner", 0700));
    return 0;
}
