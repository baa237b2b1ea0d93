/* strtok with changing delimiters, CSV-like splitting, strspn/strcspn/strpbrk parsing. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[256];
    int lineno = 0;
    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[strspn(line, " \t")] == '\0') {
            printf("%d: blank\n", lineno);
            continue;
        }
        char copy[256];
        strcpy(copy, line);
        /* first token by ':' then the rest by ',' and spaces */
        char *key = strtok(copy, ":");
        char *tok;
        int n = 0;
        printf("%d: key=[%s] values=", lineno, key);
        while ((tok = strtok(NULL, ", ")) != NULL) {
            printf("[%s]", tok);
            n++;
        }
        printf(" (%d)\n", n);
        /* manual split keeping empty fields */
        const char *p = line;
        int fields = 0;
        for (;;) {
            size_t len = strcspn(p, ",");
            printf("   field %d: '%.*s'\n", fields++, (int)len, p);
            if (p[len] == '\0')
                break;
            p += len + 1;
        }
        const char *digit = strpbrk(line, "0123456789");
        if (digit)
            printf("   first digit run: %.*s\n", (int)strspn(digit, "0123456789"), digit);
    }
    char many[] = ";;a;;b;c;;";
    int count = 0;
    for (char *t = strtok(many, ";"); t; t = strtok(NULL, ";"))
        count++;
    printf("tokens in ;;a;;b;c;; = %d\n", count);
    char none[] = ";;;";
    printf("all delimiters: %s\n", strtok(none, ";") ? "token" : "NULL");
    return 0;
}
