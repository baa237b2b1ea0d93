/* grid - walk a 5x5 grid from its centre by the moves U, D, L, R of stdin,
   staying inside; print the path and how many cells were visited. */
#include <stdio.h>

#define SIZE 5

int main(void)
{
    int seen[SIZE][SIZE] = { { 0 } };
    int x = SIZE / 2, y = SIZE / 2, visited = 1, ch;

    seen[y][x] = 1;
    while ((ch = getchar()) != EOF) {
        int nx = x, ny = y;

        if (ch == 'U')
            ny--;
        else if (ch == 'D')
            ny++;
        else if (ch == 'L')
            nx--;
        else if (ch == 'R')
            nx++;
        else
            continue;
        if (nx < 0 || nx >= SIZE || ny < 0 || ny >= SIZE)
            continue;
        x = nx;
        y = ny;
        if (!seen[y][x]) {
            seen[y][x] = 1;
            visited++;
        }
        printf("(%d,%d)\n", x, y);
    }
    printf("visited %d\n", visited);
    return 0;
}
