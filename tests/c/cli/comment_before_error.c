int main(void)
{
    int y = /* a comment that the preprocessor removes */ 1 +* ;
    return y;
}
