package textf

// kind is how an operand is formatted: by its dynamic type, one of the types formatOne knows.
type kind uint8

const (
	kindOther kind = iota
	kindBool
	kindInt
	kindUint
	kindFloat
	kindString
	kindBytes
	kindError
	kindStringer
	kindAny
)

var kindNames = [...]string{"other", "bool", "int", "uint", "float", "string", "bytes", "error", "Stringer", "any"}

// String names the kind.
func (k kind) String() string { return kindNames[k] }
