package atmel

import (
	"fmt"

	"github.com/avrlab/avrlab/asm/obj"
)

// EEPROMImage evaluates the EEPROM segment of a unit whose object has been linked (asm.Link): the
// bytes from EEPROM address 0 to the end of the segment, which of them the source wrote (false for
// .org gaps), and the errors of its values (out of range, undefined symbols). A unit without an
// EEPROM segment gives nil slices.
//
// # Notes
//
// The object layer has no EEPROM memory yet, so the linker does not see the segment; this evaluates
// it with the shared evaluator after the link, with the value ranges the linker checks for flash.
func EEPROMImage(u *Unit) (data []byte, written []bool, errs obj.ErrorList) {
	s := u.EEPROM
	if s == nil {
		return nil, nil, nil
	}
	var ev obj.Evaluator
	data = make([]byte, s.Size)
	written = make([]bool, s.Size)
	for k := range s.Items {
		it := &s.Items[k]
		out := data[it.Off : it.Off+it.Size]
		for j := range out {
			written[it.Off+int64(j)] = it.Emitted
		}
		if it.Kind != obj.ItemData {
			continue
		}
		for n, x := range it.Values {
			v, err := ev.Eval(x, true)
			if err != nil {
				errs = append(errs, obj.At(err.X.Src, err.X.Off, err.X.End, err.Msg))
				continue
			}
			if msg := checkWidth(v.N, it.Width); msg != "" {
				errs = append(errs, obj.At(it.Src, x.Off, x.End, msg))
				continue
			}
			for j := 0; j < it.Width; j++ {
				out[n*it.Width+j] = byte(uint64(v.N) >> (8 * j))
			}
		}
	}
	return data, written, errs
}

// checkWidth returns why v does not fit in width bytes ("" if it does), with the linker's ranges.
func checkWidth(v int64, width int) string {
	switch width {
	case 1:
		if v < -128 || v > 255 {
			return fmt.Sprintf("value %d does not fit in .db (-128..255)", v)
		}
	case 2:
		if v < -32768 || v > 65535 {
			return fmt.Sprintf("value %d does not fit in 16 bits (-32768..65535)", v)
		}
	case 4:
		if v < -1<<31 || v > 1<<32-1 {
			return fmt.Sprintf("value %d does not fit in 32 bits", v)
		}
	}
	return ""
}
