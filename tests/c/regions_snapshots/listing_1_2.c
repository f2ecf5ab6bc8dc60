/* Listing 1.2 of "Beyond Do Loops: Data Transfer Generation with Convex
   Array Regions": array regions on a code with a while loop. */
void foo(int N, int a[N], int randv[N]) {
    int x=N/4,y=0;
    while(x<=N/3) {
        a[x+y] = x+y;
        if (randv[x-y]) x = x+2; else x++,y++;
    }
}
