/* Text statistics over stdin: word frequencies in a chained hash table, bigrams, sentence and
   paragraph counts, word-length histogram, letter frequencies with bars, top-N report.
   Options: -n N (top N words, default 10), -b (show bigrams), -l (letters histogram),
            -m MIN (ignore words shorter than MIN). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUCKETS 211
#define MAXWORD 40

struct entry {
    char *word;
    int count;
    int first_seen;
    struct entry *next;
};

struct table {
    struct entry *buckets[NBUCKETS];
    int distinct;
    long total;
};

struct stats {
    long chars, letters, digits, lines, words, sentences, paragraphs;
    long word_len_sum;
    int len_hist[MAXWORD + 1];
    long letter_freq[26];
    char longest[MAXWORD + 1];
};

struct options {
    int top;
    int bigrams;
    int letters;
    int min_len;
};

static unsigned hash_word(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 16777619u;
    }
    return h % NBUCKETS;
}

static struct entry *table_add(struct table *t, const char *w, int position)
{
    unsigned h = hash_word(w);
    for (struct entry *e = t->buckets[h]; e; e = e->next) {
        if (strcmp(e->word, w) == 0) {
            e->count++;
            t->total++;
            return e;
        }
    }
    struct entry *e = malloc(sizeof *e);
    e->word = strdup(w);
    e->count = 1;
    e->first_seen = position;
    e->next = t->buckets[h];
    t->buckets[h] = e;
    t->distinct++;
    t->total++;
    return e;
}

static void table_free(struct table *t)
{
    for (int i = 0; i < NBUCKETS; i++) {
        struct entry *e = t->buckets[i];
        while (e) {
            struct entry *n = e->next;
            free(e->word);
            free(e);
            e = n;
        }
        t->buckets[i] = NULL;
    }
}

static struct entry **table_sorted(const struct table *t, int (*cmp)(const void *, const void *))
{
    struct entry **arr = malloc(sizeof *arr * (size_t)(t->distinct ? t->distinct : 1));
    int k = 0;
    for (int i = 0; i < NBUCKETS; i++)
        for (struct entry *e = t->buckets[i]; e; e = e->next)
            arr[k++] = e;
    qsort(arr, (size_t)k, sizeof *arr, cmp);
    return arr;
}

static int by_count_then_word(const void *a, const void *b)
{
    const struct entry *x = *(struct entry *const *)a, *y = *(struct entry *const *)b;
    if (x->count != y->count)
        return y->count - x->count;
    return strcmp(x->word, y->word);
}

static int by_first_seen(const void *a, const void *b)
{
    const struct entry *x = *(struct entry *const *)a, *y = *(struct entry *const *)b;
    return x->first_seen - y->first_seen;
}

static int bucket_stats(const struct table *t, int *longest_chain)
{
    int used = 0;
    *longest_chain = 0;
    for (int i = 0; i < NBUCKETS; i++) {
        int len = 0;
        for (struct entry *e = t->buckets[i]; e; e = e->next)
            len++;
        if (len)
            used++;
        if (len > *longest_chain)
            *longest_chain = len;
    }
    return used;
}

static int parse_options(int argc, char **argv, struct options *o)
{
    o->top = 10;
    o->bigrams = 0;
    o->letters = 0;
    o->min_len = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            o->top = atoi(argv[++i]);
        } else if (strcmp(argv[i], "-m") == 0 && i + 1 < argc) {
            o->min_len = atoi(argv[++i]);
        } else if (strcmp(argv[i], "-b") == 0) {
            o->bigrams = 1;
        } else if (strcmp(argv[i], "-l") == 0) {
            o->letters = 1;
        } else {
            fprintf(stderr, "textstats: bad option '%s'\n", argv[i]);
            return 0;
        }
    }
    return 1;
}

static void finish_word(char *word, int *len, struct stats *st, struct table *words,
                        struct table *pairs, char *prev, const struct options *o)
{
    if (*len == 0)
        return;
    word[*len] = '\0';
    int l = *len;
    *len = 0;
    st->words++;
    st->word_len_sum += l;
    st->len_hist[l > MAXWORD ? MAXWORD : l]++;
    if ((size_t)l > strlen(st->longest))
        strcpy(st->longest, word);
    if (l < o->min_len)
        return;
    table_add(words, word, (int)st->words);
    if (prev[0]) {
        char pair[2 * MAXWORD + 2];
        snprintf(pair, sizeof pair, "%s %s", prev, word);
        table_add(pairs, pair, (int)st->words);
    }
    strcpy(prev, word);
}

/* Rough syllable estimate: count vowel groups, drop a silent final 'e', at least one. */
static int syllables(const char *w)
{
    int n = 0, in_vowel = 0;
    size_t len = strlen(w);
    for (size_t i = 0; i < len; i++) {
        int v = strchr("aeiouy", w[i]) != NULL;
        if (v && !in_vowel)
            n++;
        in_vowel = v;
    }
    if (len > 2 && w[len - 1] == 'e' && !strchr("aeiouy", w[len - 2]) && n > 1)
        n--;
    return n > 0 ? n : 1;
}

static long total_syllables(const struct table *t)
{
    long total = 0;
    for (int i = 0; i < NBUCKETS; i++)
        for (const struct entry *e = t->buckets[i]; e; e = e->next)
            total += (long)syllables(e->word) * e->count;
    return total;
}

static void print_bar(long value, long max, int width)
{
    int n = max ? (int)(value * width / max) : 0;
    for (int i = 0; i < n; i++)
        putchar('*');
}

int main(int argc, char **argv)
{
    struct options opt;
    if (!parse_options(argc, argv, &opt))
        return 2;
    static struct table words, pairs;
    struct stats st;
    memset(&st, 0, sizeof st);
    char word[MAXWORD + 1];
    char prev[MAXWORD + 1] = "";
    int len = 0, c, last = '\n', blank_run = 1;
    while ((c = getchar()) != EOF) {
        st.chars++;
        if (isalpha(c) || (c == '\'' && len > 0)) {
            if (isalpha(c)) {
                st.letters++;
                st.letter_freq[tolower(c) - 'a']++;
            }
            if (len < MAXWORD)
                word[len++] = (char)tolower(c);
        } else {
            finish_word(word, &len, &st, &words, &pairs, prev, &opt);
            if (isdigit(c))
                st.digits++;
            if (c == '.' || c == '!' || c == '?') {
                if (last != '.' && last != '!' && last != '?')
                    st.sentences++;
                prev[0] = '\0';
            }
        }
        if (c == '\n') {
            st.lines++;
            if (last == '\n')
                blank_run = 1;
        } else if (!isspace(c) && blank_run) {
            st.paragraphs++;
            blank_run = 0;
        }
        last = c;
    }
    finish_word(word, &len, &st, &words, &pairs, prev, &opt);
    if (last != '\n' && st.chars > 0)
        st.lines++;

    printf("chars %ld, letters %ld, digits %ld, lines %ld\n", st.chars, st.letters, st.digits,
           st.lines);
    printf("words %ld (%d distinct counted), sentences %ld, paragraphs %ld\n", st.words,
           words.distinct, st.sentences, st.paragraphs);
    if (st.words > 0)
        printf("average word length %.3f, longest '%s'\n", (double)st.word_len_sum / st.words,
               st.longest);
    if (words.total > 0 && st.sentences > 0) {
        long syl = total_syllables(&words);
        double score = 206.835 - 1.015 * ((double)words.total / st.sentences) -
                       84.6 * ((double)syl / words.total);
        printf("syllables %ld, reading ease %.2f\n", syl, score);
    }
    int longest_chain;
    int used = bucket_stats(&words, &longest_chain);
    printf("hash buckets used %d/%d, longest chain %d\n", used, NBUCKETS, longest_chain);

    struct entry **sorted = table_sorted(&words, by_count_then_word);
    int top = opt.top < words.distinct ? opt.top : words.distinct;
    printf("top %d words:\n", top);
    for (int i = 0; i < top; i++)
        printf("  %3d. %-15s %4d %5.1f%%\n", i + 1, sorted[i]->word, sorted[i]->count,
               100.0 * sorted[i]->count / (double)words.total);
    free(sorted);

    sorted = table_sorted(&words, by_first_seen);
    printf("first words in order:");
    for (int i = 0; i < words.distinct && i < 8; i++)
        printf(" %s", sorted[i]->word);
    printf("\n");
    int hapax = 0;
    for (int i = 0; i < words.distinct; i++)
        hapax += sorted[i]->count == 1;
    printf("words seen once: %d\n", hapax);
    free(sorted);

    printf("word lengths:\n");
    int maxlen_hist = 0;
    for (int i = 1; i <= MAXWORD; i++)
        if (st.len_hist[i] > maxlen_hist)
            maxlen_hist = st.len_hist[i];
    for (int i = 1; i <= MAXWORD; i++) {
        if (!st.len_hist[i])
            continue;
        printf("  %2d%s %4d ", i, i == MAXWORD ? "+" : " ", st.len_hist[i]);
        print_bar(st.len_hist[i], maxlen_hist, 30);
        putchar('\n');
    }
    if (opt.bigrams) {
        struct entry **bs = table_sorted(&pairs, by_count_then_word);
        int nb = pairs.distinct < 5 ? pairs.distinct : 5;
        printf("top bigrams:\n");
        for (int i = 0; i < nb; i++)
            printf("  %-25s %d\n", bs[i]->word, bs[i]->count);
        free(bs);
    }
    if (opt.letters) {
        long maxf = 0;
        for (int i = 0; i < 26; i++)
            if (st.letter_freq[i] > maxf)
                maxf = st.letter_freq[i];
        for (int i = 0; i < 26; i++) {
            if (!st.letter_freq[i])
                continue;
            printf("  %c %5ld ", 'a' + i, st.letter_freq[i]);
            print_bar(st.letter_freq[i], maxf, 40);
            putchar('\n');
        }
    }
    table_free(&words);
    table_free(&pairs);
    return st.words == 0 ? 1 : 0;
}
