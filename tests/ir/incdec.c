/* Pre and post increment and decrement, on registers, memory and pointers. */
int main(void) {
    int i = 5;
    int a = i++;
    int b = --i;
    int arr[3] = { 0 };
    int *p = arr;
    *p++ = a;
    *p = ++b;
    return arr[0] + arr[1] + i;
}
