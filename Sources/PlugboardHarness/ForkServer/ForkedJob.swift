import Foundation

/// A job as the parent sends it to a fork server (the bytes after `job `): the seal's key (hex),
/// the test's line (`TEST SEED STRICTNESS REPETITION`) and the subject (JSON), each after a
/// newline.
///
/// The subject is most of a job (an app's models and manifests), and every job of a library
/// carries the same one, so the parent encodes it once per subject (`ForkedJob.Encoder`) and
/// the server decodes it once per run of equal bytes (`ForkedJob.Decoder`); only the line is
/// new in each job.
enum ForkedJob {
    /// The parent's side: one subject's JSON, made once, and a message for each of its jobs.
    struct Encoder {
        let subject: Data

        init(_ subject: CheckSubject) throws { self.subject = try JSONEncoder().encode(subject) }

        /// The message for `job` (whose subject is this encoder's), sealed under `seal`'s key.
        func message(_ job: CheckJob, seal: OutcomeSeal) -> [UInt8] {
            Array("job \(seal.hex)\n\(job.test) \(job.seed) \(job.strictness) \(job.repetition)\n".utf8) + subject
        }
    }

    /// The server's side: decodes messages, keeping the last subject decoded.
    struct Decoder {
        private var last: (bytes: [UInt8], subject: Result<CheckSubject, any Error>)?

        /// The seal and the job of `message` (the bytes after `job `); nil without a valid key.
        mutating func decode(_ message: ArraySlice<UInt8>) -> (seal: OutcomeSeal, job: Result<CheckJob, any Error>)? {
            let newline = UInt8(ascii: "\n")
            guard let keyEnd = message.firstIndex(of: newline),
                let seal = OutcomeSeal(hex: String(decoding: message[..<keyEnd], as: UTF8.self))
            else { return nil }
            let rest = message[(keyEnd + 1)...]
            guard let lineEnd = rest.firstIndex(of: newline) else {
                return (seal, .failure(CheckFailure("the job has no subject")))
            }
            let fields = rest[..<lineEnd].split(separator: UInt8(ascii: " ")).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard fields.count == 4, let seed = UInt64(fields[1]), let strictness = Int(fields[2]),
                let repetition = Int(fields[3])
            else { return (seal, .failure(CheckFailure("the job's line is not TEST SEED STRICTNESS REPETITION"))) }
            let subjectBytes = rest[(lineEnd + 1)...]
            let subject: Result<CheckSubject, any Error>
            if let last, last.bytes.elementsEqual(subjectBytes) {
                subject = last.subject
            } else {
                subject = Result { try JSONDecoder().decode(CheckSubject.self, from: Data(subjectBytes)) }
                last = (Array(subjectBytes), subject)
            }
            let job = subject.map {
                CheckJob(test: fields[0], subject: $0, seed: seed, strictness: strictness, repetition: repetition)
            }
            return (seal, job)
        }
    }
}
