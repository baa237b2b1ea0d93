/* gradebook: reads "name score score score" records from stdin and prints each
 * student's mean and letter grade, then a summary of the class.
 * Usage: gradebook [-h] [-s]   (-h: grade histogram, -s: sort by mean)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STUDENTS 64
#define NAME_LEN 32
#define N_SCORES 3

struct student {
    char name[NAME_LEN];
    int scores[N_SCORES];
    int mean;
    char grade;
};

static struct student roster[MAX_STUDENTS];
static int n_students;

static char letter_grade(int mean)
{
    if (mean >= 90)
        return 'A';
    if (mean >= 80)
        return 'B';
    if (mean >= 70)
        return 'C';
    if (mean >= 60)
        return 'D';
    return 'F';
}

static int mean_of(const int *scores, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += scores[i];
    /* round half up */
    return (total * 2 + n) / (2 * n);
}

static int read_roster(void)
{
    char name[NAME_LEN];
    int a, b, c;
    while (n_students < MAX_STUDENTS && scanf("%31s %d %d %d", name, &a, &b, &c) == 4) {
        struct student *s = &roster[n_students++];
        strcpy(s->name, name);
        s->scores[0] = a;
        s->scores[1] = b;
        s->scores[2] = c;
    }
    return n_students;
}

static void grade_all(void)
{
    for (int i = 0; i < n_students; i++) {
        struct student *s = &roster[i];
        s->mean = mean_of(s->scores, N_SCORES);
        s->grade = letter_grade(s->mean);
    }
}

static int by_mean(const void *pa, const void *pb)
{
    const struct student *a = pa, *b = pb;
    if (a->mean != b->mean)
        return b->mean - a->mean;
    return strcmp(a->name, b->name);
}

static void print_student(const struct student *s)
{
    printf("%-10s %3d %3d %3d  mean %3d  %c\n", s->name, s->scores[0], s->scores[1],
           s->scores[2], s->mean, s->grade);
}

static void print_histogram(void)
{
    const char *letters = "ABCDF";
    for (int k = 0; k < 5; k++) {
        int count = 0;
        for (int i = 0; i < n_students; i++)
            if (roster[i].grade == letters[k])
                count++;
        printf("%c: ", letters[k]);
        for (int j = 0; j < count; j++)
            putchar('#');
        printf(" (%d)\n", count);
    }
}

static void print_summary(void)
{
    int best = 0, worst = 0, sum = 0, passing = 0;
    for (int i = 0; i < n_students; i++) {
        if (roster[i].mean > roster[best].mean)
            best = i;
        if (roster[i].mean < roster[worst].mean)
            worst = i;
        sum += roster[i].mean;
        if (roster[i].grade != 'F')
            passing++;
    }
    printf("students: %d\n", n_students);
    printf("class mean: %d\n", sum / n_students);
    printf("best: %s (%d)\n", roster[best].name, roster[best].mean);
    printf("worst: %s (%d)\n", roster[worst].name, roster[worst].mean);
    printf("passing: %d of %d\n", passing, n_students);
}

int main(int argc, char **argv)
{
    int histogram = 0, sorted = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0)
            histogram = 1;
        else if (strcmp(argv[i], "-s") == 0)
            sorted = 1;
        else {
            fprintf(stderr, "usage: gradebook [-h] [-s]\n");
            return 2;
        }
    }
    if (read_roster() == 0) {
        fprintf(stderr, "gradebook: no students\n");
        return 1;
    }
    grade_all();
    if (sorted)
        qsort(roster, n_students, sizeof roster[0], by_mean);
    for (int i = 0; i < n_students; i++)
        print_student(&roster[i]);
    print_summary();
    if (histogram)
        print_histogram();
    return 0;
}
