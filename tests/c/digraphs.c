/* Digraphs (C95): <: :> <% %> %: are the same tokens as [ ] { } #. */
%:include <stdio.h>

int main(void)
<%
    int a<:3:> = <%1, 2, 3%>;
    printf("%d\n", a<:0:> + a<:2:>);
    return 0;
%>
