/* Arrays of structs, structs containing arrays, copying whole arrays via struct assignment. */
#include <stdio.h>
#include <string.h>

struct student {
    char name[16];
    int marks[5];
    double avg;
};

struct grid {
    int cells[3][3];
    int filled;
};

static void compute_avgs(struct student *s, int n)
{
    for (int i = 0; i < n; i++) {
        int sum = 0;
        for (int k = 0; k < 5; k++)
            sum += s[i].marks[k];
        s[i].avg = sum / 5.0;
    }
}

static const struct student *best(const struct student s[], int n)
{
    const struct student *b = &s[0];
    for (int i = 1; i < n; i++)
        if (s[i].avg > b->avg)
            b = s + i;
    return b;
}

static struct grid mark(struct grid g, int r, int c, int v)
{
    g.cells[r][c] = v;
    g.filled++;
    return g;
}

int main(void)
{
    struct student cls[4] = {
        {"ada", {90, 85, 77, 92, 88}, 0},
        {"brian", {60, 75, 80, 70, 65}, 0},
        {"carla", {95, 91, 89, 99, 94}, 0},
        {"dan", {50, 55, 40, 65, 70}, 0},
    };
    int n = (int)(sizeof cls / sizeof cls[0]);
    compute_avgs(cls, n);
    for (int i = 0; i < n; i++)
        printf("%-6s %6.2f first=%d last=%d\n", cls[i].name, cls[i].avg, cls[i].marks[0],
               cls[i].marks[4]);
    const struct student *b = best(cls, n);
    printf("best: %s (index %td)\n", b->name, b - cls);

    struct student copy = cls[1];
    copy.marks[0] = 100;
    strcpy(copy.name, "brian2");
    printf("copy %s %d, original %s %d\n", copy.name, copy.marks[0], cls[1].name, cls[1].marks[0]);

    struct grid g = {{{0}}, 0};
    struct grid g2 = mark(g, 1, 1, 5);
    g2 = mark(g2, 0, 2, 7);
    printf("g.filled=%d g2.filled=%d g2 center=%d corner=%d g center=%d\n", g.filled, g2.filled,
           g2.cells[1][1], g2.cells[0][2], g.cells[1][1]);
    struct grid many[2];
    many[0] = g2;
    many[1] = mark(many[0], 2, 0, 9);
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 3; i++)
            printf("%d%d%d ", many[k].cells[i][0], many[k].cells[i][1], many[k].cells[i][2]);
        printf("filled=%d\n", many[k].filled);
    }
    printf("sizeof student=%zu grid=%zu\n", sizeof(struct student), sizeof(struct grid));
    return 0;
}
