package obj

// Nesting follows how deep the tokens of one line nest at least, for a lexer that stops a line at an
// expression parser's depth limit before reading the rest of it: Depth counts the parentheses open,
// Run the tokens in a row that each open a level (an open parenthesis or a unary operator). A parser
// counts every such level too, so a line past the limit by either count is one it would refuse. The
// zero value is a line's start.
type Nesting struct {
	Depth, Run int
}

// Next takes the line's next token: op is its text when it is an operator or a parenthesis and ""
// otherwise; afterOperand says an operand (a name, a number, a string, a closing parenthesis) comes
// just before it, so that - and + are binary. It reports whether the line now nests deeper than limit.
func (n *Nesting) Next(op string, afterOperand bool, limit int) bool {
	switch {
	case op == "(":
		n.Depth++
		n.Run++
	case op == ")":
		n.Depth = max(n.Depth-1, 0)
		n.Run = 0
	case op == "!" || op == "~" || (op == "-" || op == "+") && !afterOperand:
		n.Run++
	case op == "--" || op == "++": // two operators (a binary one after an operand)
		if n.Run += 2; afterOperand {
			n.Run = 1
		}
	default:
		n.Run = 0
	}
	return n.Depth > limit || n.Run > limit
}
