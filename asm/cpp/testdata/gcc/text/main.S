; starts with a BOM
#define X 1
a /* x */ b // c X
d /* multi
line X */ e X
x /* 1
2 */ y
"/* no" X // yes
'/' '*' z
ldi r16, \
  X
#define LONG 1 + \
 2
LONG
a \  
b
crlf X
	tab	X	sep
/* only comment */
   
end
#define CR 3
CR line
next CR
\
start X
\ 	
blank start X
last \
