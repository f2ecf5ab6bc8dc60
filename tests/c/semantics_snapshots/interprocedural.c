/* Summaries translated at call sites; entry preconditions from the hull of
   the call sites (the program defines main, so it is closed). */
int calls;

int next(int n) {
    calls++;
    return n + 1;
}

int twice(int x) {
    return next(next(x) - 1);
}

int main(void) {
    int a = next(3);
    int b = twice(10);
    int c = 0;
    for (int i = 0; i < 5; i++)
        c = next(c);
    return a + b + c + calls;
}
