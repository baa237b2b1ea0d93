/* getline/getdelim on stdin and on a file the program wrote, with glibc's buffer
   sizes; fgets on the same file; fopen of a missing file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int k = 0;
    while ((n = getline(&line, &cap, stdin)) != -1) {
        printf("%d: len %ld cap %zu [%.*s]\n", k++, (long)n, cap, (int)strcspn(line, "\n"), line);
    }
    printf("eof: %ld, feof %d\n", (long)n, feof(stdin));

    FILE *f = fopen("data.txt", "w");
    if (!f) {
        return 1;
    }
    fputs("alpha,beta,,gamma\nsecond line\n", f);
    fprintf(f, "%s\n", "third");
    fclose(f);

    f = fopen("data.txt", "r");
    char *field = NULL;
    size_t fcap = 0;
    while ((n = getdelim(&field, &fcap, ',', f)) != -1) {
        printf("field len %ld cap %zu [%s]\n", (long)n, fcap, field);
    }
    fclose(f);
    free(field);

    f = fopen("data.txt", "r");
    char small[8];
    while (fgets(small, sizeof small, f)) {
        printf("fgets [%s]\n", small);
    }
    fclose(f);

    char stackbuf[64];
    char *p = stackbuf;
    size_t pcap = sizeof stackbuf;
    f = fopen("data.txt", "r");
    n = getline(&p, &pcap, f);
    printf("caller's buffer kept %d, len %ld cap %zu\n", p == stackbuf, (long)n, pcap);
    fclose(f);

    errno = 0;
    printf("missing %d errno %d\n", fopen("missing.txt", "r") == NULL, errno);
    free(line);
    return 0;
}
