/* Files the program writes itself: fprintf/fwrite, close, reopen, fscanf/fread/fgets/fgetc,
   feof, append mode, and fopen of a missing file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
    int id;
    double value;
    char tag[8];
};

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    if (n < 0 || n > 1000)
        return 2;
    const char *text_name = "out_file_roundtrip.txt";
    const char *bin_name = "out_file_roundtrip.bin";

    FILE *f = fopen(text_name, "w");
    if (!f) {
        fprintf(stderr, "cannot create %s\n", text_name);
        return 1;
    }
    for (int i = 0; i < n; i++)
        fprintf(f, "%d %s %.2f\n", i, i % 2 ? "odd" : "even", i * 1.25);
    fputs("end\n", f);
    fclose(f);

    f = fopen(text_name, "r");
    int id;
    char word[16];
    double v, sum = 0;
    int rows = 0;
    while (fscanf(f, "%d %15s %lf", &id, word, &v) == 3) {
        sum += v;
        rows++;
    }
    char tail[16];
    if (fgets(tail, sizeof tail, f))
        printf("after numbers: %s", tail);
    printf("rows=%d sum=%.2f feof=%d\n", rows, sum, feof(f) != 0);
    int c = fgetc(f);
    printf("fgetc at end: %d, feof=%d\n", c, feof(f) != 0);
    fclose(f);

    f = fopen(text_name, "a");
    fprintf(f, "appended %d\n", n);
    fclose(f);
    f = fopen(text_name, "r");
    int lines = 0, chars = 0;
    while ((c = getc(f)) != EOF) {
        chars++;
        if (c == '\n')
            lines++;
    }
    fclose(f);
    printf("after append: %d lines, %d chars\n", lines, chars);

    struct rec recs[8];
    int nr = n < 8 ? n : 8;
    memset(recs, 0, sizeof recs);
    for (int i = 0; i < nr; i++) {
        recs[i].id = i * 11;
        recs[i].value = 1.0 / (i + 1);
        snprintf(recs[i].tag, sizeof recs[i].tag, "r%d", i);
    }
    f = fopen(bin_name, "wb");
    size_t w = fwrite(recs, sizeof recs[0], (size_t)nr, f);
    fclose(f);
    printf("wrote %zu records of %zu bytes\n", w, sizeof recs[0]);

    struct rec back[8];
    f = fopen(bin_name, "rb");
    size_t got = fread(back, sizeof back[0], 8, f);
    printf("read %zu records, feof=%d\n", got, feof(f) != 0);
    for (size_t i = 0; i < got; i++)
        printf("  %d %.4f %s\n", back[i].id, back[i].value, back[i].tag);
    fclose(f);

    /* byte-level read of the binary file */
    f = fopen(bin_name, "rb");
    unsigned char bytes[16];
    size_t nb = fread(bytes, 1, sizeof bytes, f);
    unsigned sumb = 0;
    size_t total = nb;
    while (nb > 0) {
        for (size_t i = 0; i < nb; i++)
            sumb += bytes[i];
        nb = fread(bytes, 1, sizeof bytes, f);
        total += nb;
    }
    fclose(f);
    printf("binary bytes=%zu sum=%u\n", total, sumb);

    FILE *missing = fopen("out_does_not_exist.none", "r");
    printf("missing file: %s\n", missing ? "opened?!" : "NULL");
    return 0;
}
