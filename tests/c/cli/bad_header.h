/* A header with a syntax error on line 4. */
struct config {
    int width;
    int height
};
