import Testing

@testable import TactileTrace

/// The JSON reader and writer of trace lines, which the trace format uses instead of Foundation's.
@Suite struct JSONValueTests {
  @Test func stringsWithEscapesAndNonASCIIReadBackAsWritten() throws {
    let text = "say \"hi\" \\ / \n\r\t\u{08}\u{0C}\u{01}\u{1F} 你好 👩🏽‍💻"
    let written = JSONValue.string(text).text
    #expect(written == #""say \"hi\" \\ / \n\r\t\b\f\u0001\u001f 你好 👩🏽‍💻""#)
    #expect(JSONValue(parsing: Substring(written)) == .string(text))
  }

  @Test func aSurrogatePairEscapeIsOneScalarAndALoneSurrogateIsRejected() {
    #expect(JSONValue(parsing: #""\ud83d\ude00 \u00e9\/""#) == .string("😀 é/"))
    #expect(JSONValue(parsing: #""\ud83d""#) == nil)
    #expect(JSONValue(parsing: #""\ude00""#) == nil)
    #expect(JSONValue(parsing: #""\ud83d\u0041""#) == nil)
  }

  @Test func numbersFollowJSONsGrammar() {
    for (text, value) in [
      ("0", 0.0), ("-0", -0.0), ("12.5", 12.5), ("1.5e3", 1500), ("2E-2", 0.02), ("-7", -7),
    ] {
      #expect(JSONValue(parsing: Substring(text)) == .number(value), "\(text)")
    }
    for text in ["01", "+1", ".5", "1.", "1e", "1e+", "-", "NaN", "Infinity", "0x10", "1 2"] {
      #expect(JSONValue(parsing: Substring(text)) == nil, "\(text)")
    }
  }

  @Test func wholeNumbersAreWrittenWithoutAFractionAndOthersReadBackExactly() {
    #expect(JSONValue.number(120).text == "120")
    #expect(JSONValue.number(-3).text == "-3")
    #expect(JSONValue.number(12.5).text == "12.5")
    for value in [0.1, 1e-7, 1e300, -2.5e-300, 4_294_967_295, 18_014_398_509_481_984] {
      #expect(JSONValue(parsing: Substring(JSONValue.number(value).text)) == .number(value), "\(value)")
    }
  }

  @Test func aNumberJSONCannotHoldIsWrittenAsAString() {
    #expect(JSONValue.number(.infinity).text == #""inf""#)
    #expect(JSONValue.number(-.infinity).text == #""-inf""#)
    #expect(JSONValue.number(.nan).text == #""nan""#)
  }

  @Test func objectsAreWrittenWithTheirMembersSortedAndReadWithWhitespace() {
    let object = JSONValue.object([
      "y": .number(2), "x": .number(1), "keys": .array([.number(30), .number(31)]), "on": .bool(true),
      "none": .null,
    ])
    #expect(object.text == #"{"keys":[30,31],"none":null,"on":true,"x":1,"y":2}"#)
    #expect(JSONValue(parsing: #" { "x" : 1 , "y":2,"keys":[ 30,31 ],"on":true,"none":null } "#) == object)
    #expect(JSONValue(parsing: "{}") == .object([:]))
    #expect(JSONValue(parsing: "[]") == .array([]))
  }

  @Test func malformedTextIsRejected() {
    let bad = [
      "", "{", #"{"x":1,}"#, #"{"x" 1}"#, #"{x:1}"#, "[1,]", #"{"x":1} x"#, #""abc"#, "\"a\u{01}b\"", "tru",
      "nul", #""\q""#, #""\u12""#,
    ]
    for text in bad { #expect(JSONValue(parsing: Substring(text)) == nil, "\(text)") }
  }

  @Test func nestingDeeperThanTheLimitIsRejectedWithoutRecursingIntoIt() {
    let limit = JSONValue.maximumDepth
    let allowed = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    #expect(JSONValue(parsing: Substring(allowed)) != nil)
    let deep = String(repeating: "[", count: 1_000_000)
    #expect(JSONValue(parsing: Substring(deep)) == nil)
  }
}
