import IsolintSyntax

/// SDK facts the rules rely on, as data. Each table says where its facts come from; the rules
/// look names up here and never compare SDK names in their own code.
public enum KnowledgeBase {
    /// Classes and protocols whose subclasses/conformers are main-actor isolated.
    /// Source: the `@MainActor` annotations of the iOS 18 / macOS 15 SDKs (UIKit `UIResponder`
    /// and `UIView`/`UIViewController` hierarchies, AppKit `NSResponder` hierarchy, SwiftUI `View`,
    /// `App`, `Scene`, representables, WebKit `WKWebView`).
    public static let mainActorTypes: Set<String> = [
        // UIKit
        "UIResponder", "UIViewController", "UITableViewController", "UICollectionViewController",
        "UINavigationController", "UITabBarController", "UIPageViewController", "UISplitViewController",
        "UISearchController", "UIAlertController", "UIHostingController", "UIView", "UITableView",
        "UITableViewCell", "UICollectionView", "UICollectionViewCell", "UICollectionReusableView",
        "UIScrollView", "UIStackView", "UILabel", "UIButton", "UIControl", "UIImageView",
        "UITextField", "UITextView", "UISwitch", "UISlider", "UISegmentedControl", "UIWindow",
        "UIApplication", "UINavigationBar", "UIToolbar", "UITabBar", "UIActivityIndicatorView",
        "UIProgressView", "UIPickerView", "UIDatePicker", "UIRefreshControl", "UISearchBar",
        "UIVisualEffectView", "UIGestureRecognizer", "UITapGestureRecognizer", "UIPanGestureRecognizer",
        "UIWindowScene", "UIScene", "UIDocument",
        // AppKit
        "NSResponder", "NSViewController", "NSWindowController", "NSView", "NSWindow", "NSApplication",
        "NSTableView", "NSOutlineView", "NSCollectionView", "NSTextField", "NSTextView", "NSButton",
        "NSControl", "NSImageView", "NSScrollView", "NSStackView", "NSHostingController", "NSHostingView",
        "NSPanel", "NSMenu", "NSStatusItem", "NSDocument",
        // SwiftUI
        "View", "App", "Scene", "Commands", "ViewModifier", "PreviewProvider", "UIViewRepresentable",
        "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "DynamicProperty",
        // WebKit, SpriteKit, others
        "WKWebView", "SKView", "ARView", "MKMapView",
    ]

    /// Delegate and data-source protocols the SDK declares `@MainActor`: conforming to them never
    /// needs `nonisolated`. Source: UIKit, AppKit, WebKit, PhotosUI headers (iOS 18 / macOS 15).
    public static let mainActorProtocols: Set<String> = [
        "UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate", "UITableViewDelegate",
        "UITableViewDataSource", "UITableViewDataSourcePrefetching", "UICollectionViewDelegate",
        "UICollectionViewDataSource", "UICollectionViewDelegateFlowLayout", "UICollectionViewDataSourcePrefetching",
        "UIScrollViewDelegate", "UITextFieldDelegate", "UITextViewDelegate", "UISearchBarDelegate",
        "UISearchResultsUpdating", "UINavigationControllerDelegate", "UITabBarControllerDelegate",
        "UIImagePickerControllerDelegate", "UIAdaptivePresentationControllerDelegate",
        "UIPopoverPresentationControllerDelegate", "UIGestureRecognizerDelegate", "UIPageViewControllerDelegate",
        "UIPageViewControllerDataSource", "UIPickerViewDelegate", "UIPickerViewDataSource",
        "UIDocumentPickerDelegate", "UIContextMenuInteractionDelegate", "UIDropInteractionDelegate",
        "UIDragInteractionDelegate", "UIViewControllerTransitioningDelegate", "UIViewControllerAnimatedTransitioning",
        "UIViewControllerInteractiveTransitioning", "UICollectionViewDragDelegate", "UICollectionViewDropDelegate",
        "UITableViewDragDelegate", "UITableViewDropDelegate", "UISheetPresentationControllerDelegate",
        "UIColorPickerViewControllerDelegate", "UIFontPickerViewControllerDelegate", "UIEditMenuInteractionDelegate",
        "UIPointerInteractionDelegate",
        "WKNavigationDelegate", "WKUIDelegate", "WKScriptMessageHandler", "WKScriptMessageHandlerWithReply",
        "NSApplicationDelegate", "NSWindowDelegate", "NSTableViewDelegate", "NSTableViewDataSource",
        "NSOutlineViewDelegate", "NSOutlineViewDataSource", "NSTextFieldDelegate", "NSTextViewDelegate",
        "NSCollectionViewDelegate", "NSCollectionViewDataSource", "NSMenuDelegate", "NSSplitViewDelegate",
        "PHPickerViewControllerDelegate", "MFMailComposeViewControllerDelegate",
        "ASAuthorizationControllerPresentationContextProviding", "QLPreviewControllerDataSource",
    ]

    /// Delegate protocols of pre-concurrency frameworks that are *not* main-actor isolated: a
    /// main-actor conformer must mark its implementations `nonisolated` or isolate the
    /// conformance. The Bool says whether the SDK calls them on a background queue (then a
    /// main-actor implementation traps at run time under Swift 6's dynamic isolation checks).
    /// Source: CoreLocation, CoreBluetooth, AVFoundation, MultipeerConnectivity, Foundation
    /// (URLSession), WatchConnectivity, UserNotifications, StoreKit, ARKit headers and docs.
    public static let nonisolatedDelegateProtocols: [String: Bool] = [
        "CLLocationManagerDelegate": false,
        "CBCentralManagerDelegate": true, "CBPeripheralDelegate": true, "CBPeripheralManagerDelegate": true,
        "AVCaptureVideoDataOutputSampleBufferDelegate": true, "AVCaptureAudioDataOutputSampleBufferDelegate": true,
        "AVCaptureMetadataOutputObjectsDelegate": true, "AVCapturePhotoCaptureDelegate": true,
        "AVCaptureFileOutputRecordingDelegate": true, "AVCaptureDepthDataOutputDelegate": true,
        "AVAudioPlayerDelegate": false, "AVAudioRecorderDelegate": false, "AVSpeechSynthesizerDelegate": false,
        "MCSessionDelegate": true, "MCNearbyServiceBrowserDelegate": true, "MCNearbyServiceAdvertiserDelegate": true,
        "MCBrowserViewControllerDelegate": false,
        "URLSessionDelegate": true, "URLSessionTaskDelegate": true, "URLSessionDataDelegate": true,
        "URLSessionDownloadDelegate": true, "URLSessionWebSocketDelegate": true, "URLSessionStreamDelegate": true,
        "WCSessionDelegate": true, "UNUserNotificationCenterDelegate": false, "SKPaymentTransactionObserver": false,
        "SKProductsRequestDelegate": true, "ARSessionDelegate": true, "ARSCNViewDelegate": true,
        "XMLParserDelegate": false, "StreamDelegate": false, "NetServiceDelegate": false,
        "NetServiceBrowserDelegate": false, "NSFetchedResultsControllerDelegate": false,
        "GKMatchDelegate": false, "EKEventEditViewDelegate": false, "SFSpeechRecognizerDelegate": false,
        "SFSpeechRecognitionTaskDelegate": true, "PKPaymentAuthorizationControllerDelegate": false,
    ]

    /// Standard protocols whose requirements are synchronous and nonisolated.
    public static let nonisolatedValueProtocols: Set<String> = [
        "Equatable", "Hashable", "Comparable", "CustomStringConvertible", "CustomDebugStringConvertible",
        "Encodable", "Decodable", "Codable", "Identifiable", "Error", "LocalizedError",
    ]

    /// Protocols that refine `Sendable` (so conforming to them declares Sendable).
    /// Source: Swift standard library (`Error`, `CodingKey`) and Foundation.
    public static let sendableRefiningProtocols: Set<String> = [
        "Sendable", "Error", "LocalizedError", "CustomNSError", "RecoverableError", "CodingKey", "Executor",
        "SerialExecutor", "TaskExecutor", "Actor", "AnyActor", "DistributedActor", "GlobalActor", "Clock",
        "InstantProtocol", "DurationProtocol", "URLSessionDelegate", "URLSessionTaskDelegate", "URLSessionDataDelegate",
        "URLSessionDownloadDelegate", "URLSessionWebSocketDelegate", "URLSessionStreamDelegate",
    ]

    /// Standard protocols known not to refine Sendable: conforming to them says nothing about
    /// Sendable. (A public type conforming to a protocol the knowledge base does not list may
    /// already be Sendable through it, so public-type-missing-sendable stays quiet there.)
    /// Source: the Swift standard library and Foundation declarations.
    public static let protocolsNotRefiningSendable: Set<String> = [
        "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "LosslessStringConvertible", "Identifiable", "RawRepresentable",
        "CaseIterable", "OptionSet", "SetAlgebra", "Sequence", "Collection", "BidirectionalCollection",
        "RandomAccessCollection", "MutableCollection", "RangeReplaceableCollection", "IteratorProtocol",
        "Strideable", "AdditiveArithmetic", "Numeric", "SignedNumeric", "BinaryInteger", "FixedWidthInteger",
        "FloatingPoint", "BinaryFloatingPoint", "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral",
        "ExpressibleByFloatLiteral", "ExpressibleByBooleanLiteral", "ExpressibleByArrayLiteral",
        "ExpressibleByDictionaryLiteral", "ExpressibleByNilLiteral", "ExpressibleByUnicodeScalarLiteral",
        "ExpressibleByExtendedGraphemeClusterLiteral", "ExpressibleByStringInterpolation", "TextOutputStream",
        "TextOutputStreamable", "CustomReflectable", "CustomPlaygroundDisplayConvertible", "AsyncSequence",
        "AsyncIteratorProtocol", "Copyable", "Escapable", "BitwiseCopyable", "CVarArg", "NSCopying", "NSCoding",
        "NSSecureCoding",
    ]

    /// Value types of the standard library and Foundation that are Sendable.
    public static let sendableValueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
        "Double", "Float", "Float16", "Float80", "CGFloat", "Bool", "String", "Character", "Substring",
        "StaticString", "Unicode.Scalar", "UnicodeScalar", "Never", "Void", "ObjectIdentifier", "Duration",
        "Data", "URL", "Date", "UUID", "Decimal", "TimeInterval", "URLComponents", "URLRequest", "DateComponents",
        "Locale", "TimeZone", "Calendar", "IndexPath", "IndexSet", "CharacterSet", "NSRange", "AttributedString",
        "CGPoint", "CGSize", "CGRect", "CGVector", "CGAffineTransform", "DispatchTime", "DispatchTimeInterval",
        "DispatchWallTime", "ContinuousClock", "SuspendingClock", "PersistentIdentifier",
        "ModelContainer", "Error", "any Error", "URLQueryItem", "Notification.Name",
        "NSNotification.Name", "PersonNameComponents", "DateInterval", "URLResourceValues", "HTTPCookiePropertyKey",
        "URLError", "CocoaError", "POSIXError", "DecodingError", "EncodingError", "Locale.Language",
        "CGColorSpaceModel", "DispatchQoS", "TaskPriority",
    ]

    /// Generic containers that are Sendable when their arguments are.
    public static let sendableContainers: Set<String> = [
        "Optional", "Array", "Dictionary", "Set", "ContiguousArray", "ArraySlice", "Result", "Range",
        "ClosedRange", "KeyValuePairs", "CollectionOfOne", "EmptyCollection",
    ]

    /// SDK classes that are not Sendable (stored in a main-actor type, they cannot be touched
    /// from a nonisolated `deinit` or handed across isolation). Only classes the Apple SDKs and
    /// swift-corelibs-foundation both leave without a Sendable conformance: formatters, coders,
    /// `UserDefaults`, `NotificationCenter`, `URLSessionTask`, `FileHandle` and `Operation` are
    /// (`@unchecked`) Sendable in current SDKs and are not listed.
    public static let nonSendableClasses: Set<String> = [
        "Timer", "NSManagedObjectContext", "NSManagedObject", "ModelContext", "NSMutableArray",
        "NSMutableDictionary", "NSMutableString", "Notification", "RunLoop", "AVPlayer", "AVAudioEngine",
        "CLLocationManager", "CBCentralManager", "InputStream", "OutputStream", "AnyCancellable",
    ]

    /// Types whose presence as a stored member shows a class guards its own state.
    public static let lockTypes: Set<String> = [
        "NSLock", "NSRecursiveLock", "NSCondition", "os_unfair_lock", "os_unfair_lock_s",
        "OSAllocatedUnfairLock", "Mutex", "DispatchQueue", "pthread_mutex_t", "pthread_rwlock_t",
        "Atomic", "ManagedAtomic", "UnsafeAtomic", "DispatchSemaphore",
    ]

    /// Property wrappers that guard the property they wrap with a lock (Alamofire's
    /// `@Protected`, and the common `@Atomic`/`@Locked`/`@Synchronized` helpers).
    public static let lockingPropertyWrappers: Set<String> = [
        "Protected", "Atomic", "Locked", "Synchronized", "ThreadSafe", "UnfairLocked", "LockIsolated", "Mutex",
    ]

    /// Scheduler expressions that deliver on the main thread (Combine `receive(on:)`).
    public static let mainSchedulers: Set<String> = [
        "DispatchQueue.main", "RunLoop.main", "OperationQueue.main", ".main",
        "DispatchQueue.main.eraseToAnyScheduler()",
        "UIScheduler.shared", "ImmediateScheduler.shared", "MainActor.shared", "RunLoop.current",
    ]

    /// Methods that mutate their receiver in place (a value mutated this way is not a constant).
    public static let mutatingMethods: Set<String> = [
        "append", "appendContentsOf", "insert", "remove", "removeAll", "removeFirst", "removeLast",
        "removeValue", "removeSubrange", "popLast", "popFirst", "sort", "reverse", "shuffle", "swapAt",
        "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "merge", "updateValue",
        "toggle", "replaceSubrange", "reserveCapacity", "partition",
    ]

    /// `mutatingMethods`' names by length and hash: most method names are ruled out without
    /// making a `String` of them (the index builder asks of every method call).
    static let mutatingMethodsTest = NameTest(mutatingMethods)

    /// Whether token `token` (a member name) is one of `mutatingMethods`.
    static func namesMutatingMethod(_ tree: SyntaxTree, token: Int32) -> Bool {
        mutatingMethodsTest.mayContain(tree, token: token) && mutatingMethods.contains(tree.text(token: token))
    }

    /// Calls whose closure argument is `@Sendable` or delivered off the main thread.
    public struct CallbackAPI: Sendable {
        public enum Kind: Sendable { case notification, kvo, timer, dispatchAsync, urlSession, itemProvider }
        /// The method name (`addObserver`) or, for initializers, the type name (`Timer`).
        public let method: String
        /// Labels the call must carry (tells `addObserver(forName:…)` from `addObserver(_:selector:…)`).
        public let requiredLabels: [String]
        public let kind: Kind
        public let source: String
        /// The first argument must be a key path (`observe(\.rate) { … }`).
        public var keyPathFirst = false
    }

    public static let callbackAPIs: [CallbackAPI] = [
        CallbackAPI(
            method: "addObserver", requiredLabels: ["forName"], kind: .notification,
            source: "Foundation NotificationCenter.addObserver(forName:object:queue:using:) — `using` is @Sendable"),
        CallbackAPI(
            method: "observe", requiredLabels: ["options"], kind: .kvo,
            source: "Foundation NSObject.observe(_:options:changeHandler:) — changeHandler is @Sendable"),
        CallbackAPI(
            method: "observe", requiredLabels: ["changeHandler"], kind: .kvo,
            source: "Foundation NSObject.observe(_:options:changeHandler:) — changeHandler is @Sendable"),
        CallbackAPI(
            method: "observe", requiredLabels: [], kind: .kvo,
            source: "Foundation NSObject.observe(_:options:changeHandler:) with a trailing closure", keyPathFirst: true),
        CallbackAPI(
            method: "scheduledTimer", requiredLabels: ["withTimeInterval"], kind: .timer,
            source: "Foundation Timer.scheduledTimer(withTimeInterval:repeats:block:) — block is @Sendable"),
        CallbackAPI(
            method: "Timer", requiredLabels: ["timeInterval"], kind: .timer,
            source: "Foundation Timer(timeInterval:repeats:block:) — block is @Sendable"),
        CallbackAPI(
            method: "dataTask", requiredLabels: [], kind: .urlSession,
            source:
                "Foundation URLSession.dataTask(with:completionHandler:) — completion on the delegate queue, @Sendable"),
        CallbackAPI(
            method: "downloadTask", requiredLabels: [], kind: .urlSession,
            source: "Foundation URLSession.downloadTask(with:completionHandler:) — @Sendable"),
        CallbackAPI(
            method: "uploadTask", requiredLabels: [], kind: .urlSession,
            source: "Foundation URLSession.uploadTask(with:from:completionHandler:) — @Sendable"),
        CallbackAPI(
            method: "loadObject", requiredLabels: ["ofClass"], kind: .itemProvider,
            source: "Foundation NSItemProvider.loadObject(ofClass:completionHandler:) — background queue"),
        CallbackAPI(
            method: "loadDataRepresentation", requiredLabels: [], kind: .itemProvider,
            source:
                "Foundation NSItemProvider.loadDataRepresentation(forTypeIdentifier:completionHandler:) — background queue"
        ),
        CallbackAPI(
            method: "loadFileRepresentation", requiredLabels: [], kind: .itemProvider,
            source:
                "Foundation NSItemProvider.loadFileRepresentation(forTypeIdentifier:completionHandler:) — background queue"
        ),
    ]

    /// SDK callback properties the SDK calls on a background queue: `Operation.completionBlock`
    /// and the `…Block` properties of CloudKit operations (`fetchRecordsResultBlock`,
    /// `perRecordResultBlock`, `queryResultBlock`…). Source: Foundation `Operation` and CloudKit
    /// `CKOperation` documentation ("called on a background queue").
    public static func isBackgroundCallbackProperty(_ name: String) -> Bool {
        name == "completionBlock" || (name.hasSuffix("Block") && name.count > 5)
    }

    /// SwiftUI state: `ObservableObject` (Combine), `@Published`, `@Observable` (Observation).
    public static let observableObjectProtocol = "ObservableObject"
    public static let publishedWrapper = "Published"
    public static let observableMacro = "Observable"
    /// `@ObservationIgnored`: a property of an `@Observable` class the macro leaves stored.
    public static let observationIgnored = "ObservationIgnored"

    /// Calls that run the closure they are given where it was formed (non-escaping standard
    /// library and Foundation calls, SwiftUI callbacks on the main actor, task groups), and
    /// Combine's `sink`, whose closure Swift 6 checks at run time to be on the actor it was
    /// inferred for (it traps otherwise: see combine-receive-off-main).
    /// Source: the standard library, Foundation, SwiftUI and Combine declarations.
    public static let closureRunsInPlace: Set<String> = [
        "map", "filter", "forEach", "reduce", "compactMap", "flatMap", "sorted", "first", "last", "contains",
        "allSatisfy", "min", "max", "firstIndex", "lastIndex", "removeAll", "partition", "sort", "withLock",
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withTaskCancellationHandler",
        "withExtendedLifetime", "autoreleasepool", "assumeIsolated", "onAppear", "onDisappear", "onChange",
        "onTapGesture", "onReceive", "onSubmit", "task", "refreshable", "withAnimation", "Button", "ForEach",
        "lazy", "drop", "prefix", "zip", "enumerated", "mapValues", "compactMapValues", "merge", "sink",
    ]

    /// Unstructured tasks. Source: the Swift standard library (`Task.init(priority:operation:)`
    /// inherits the caller's isolation; `Task.detached` runs on no actor).
    public static let unstructuredTask = "Task"
    public static let detachedTask = "Task.detached"
    /// Types whose `async`/`asyncAfter` run a `@Sendable` work item on a dispatch queue. Source: Dispatch.
    public static let dispatchQueueTypes: Set<String> = [
        "DispatchQueue", "DispatchSerialQueue", "DispatchConcurrentQueue", "DispatchWorkloop", "OperationQueue",
    ]
    /// The parameter attribute that makes a closure take its caller's isolation (the standard
    /// library's `Task.init` has it; packages use it for `Task`-like APIs).
    public static let inheritActorContextAttribute = "_inheritActorContext"
    /// Task group methods whose child-task closure is taken `sending` (Swift 6.3 `_Concurrency`:
    /// `TaskGroup`, `ThrowingTaskGroup`, `DiscardingTaskGroup`, `ThrowingDiscardingTaskGroup`).
    public static let taskGroupAddTaskMethods: Set<String> = ["addTask", "addTaskUnlessCancelled"]
    /// Module names that qualify the standard concurrency types: `_Concurrency.Task`, `Swift.Task`.
    public static let concurrencyModules: Set<String> = ["_Concurrency", "Swift"]

    /// `Task.cancel()`.
    public static let taskCancel = "cancel"

    /// `Task.isCancelled`: the condition of a loop that runs until its task is cancelled.
    public static let taskIsCancelled = "Task.isCancelled"

    /// Calls whose closure argument does not escape: it runs before the call returns. Source:
    /// the standard library (`map`, `filter`, `forEach`, `reduce`, `compactMap`, `flatMap`,
    /// `sorted`, `first(where:)`, `contains(where:)`, `allSatisfy`, `withUnsafe…`), Foundation
    /// and Synchronization (`withLock`), the concurrency library (`MainActor.assumeIsolated`,
    /// task groups, continuations, cancellation handlers).
    public static let nonEscapingClosureCalls: Set<String> = [
        "map", "filter", "forEach", "reduce", "compactMap", "flatMap", "sorted", "first", "last", "contains",
        "allSatisfy", "min", "max", "firstIndex", "lastIndex", "removeAll", "partition", "sort", "withLock",
        "assumeIsolated", "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup",
        "withThrowingDiscardingTaskGroup", "withCheckedContinuation", "withCheckedThrowingContinuation",
        "withUnsafeContinuation", "withUnsafeThrowingContinuation", "withTaskCancellationHandler",
        "withExtendedLifetime", "autoreleasepool", "mapValues", "compactMapValues", "drop", "prefix",
        "withAnimation", "performAndWait",
    ]

    /// SDK calls that keep the closure they are given (it runs later, maybe many times):
    /// dispatch, timers, notifications, URL tasks, Combine subscribers, KVO, operation queues.
    /// Source: the `@escaping` parameters of Dispatch, Foundation and Combine.
    public static let escapingClosureCalls: Set<String> = [
        "async", "asyncAfter", "addObserver", "scheduledTimer", "dataTask", "downloadTask", "uploadTask",
        "sink", "observe", "addOperation", "addBarrierBlock", "setEventHandler", "setCancelHandler", "notify",
        "addPeriodicTimeObserver", "addBoundaryTimeObserver", "requestAuthorization",
    ]

    /// Calls that run their closure once per element: a `resume` inside runs 0, 1 or many times.
    public static let repeatingClosureCalls: Set<String> = [
        "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "contains", "allSatisfy", "first",
        "mapValues", "compactMapValues",
    ]

    /// The continuation APIs. Source: the Swift standard library (`CheckedContinuation`,
    /// `UnsafeContinuation`).
    public static let checkedContinuationCalls: Set<String> = [
        "withCheckedContinuation", "withCheckedThrowingContinuation",
    ]
    public static let unsafeContinuationCalls: [String: String] = [
        "withUnsafeContinuation": "withCheckedContinuation",
        "withUnsafeThrowingContinuation": "withCheckedThrowingContinuation",
    ]
    public static let unsafeContinuationTypes: [String: String] = [
        "UnsafeContinuation": "CheckedContinuation"
    ]
    /// `resume()`, `resume(returning:)`, `resume(throwing:)`, `resume(with:)`.
    public static let continuationResume = "resume"

    /// Callback parameters that say a repeated callback has delivered its last part (DispatchIO's
    /// `done`, `isFinal` of speech recognition results, `finished` of progress handlers).
    public static let finishedFlagNames: Set<String> = [
        "done", "finished", "isFinished", "isFinal", "final", "completed", "isComplete", "isCompleted", "isLast",
        "last",
    ]

    /// SwiftUI's view modifiers: `.onAppear { Task { … } }` is better said `.task { … }`,
    /// which is cancelled when the view disappears. Source: SwiftUI `View.onAppear(perform:)`,
    /// `View.task(priority:_:)`.
    public static let onAppearModifier = "onAppear"
    public static let swiftUIModule = "SwiftUI"
    public static let taskModifier = "task"

    /// The requirements of the standard protocols whose witnesses must be nonisolated (names of
    /// the members that implement them). Source: the Swift standard library and Foundation.
    public static let valueProtocolRequirements: [String: Set<String>] = [
        "Equatable": ["=="], "Hashable": ["hash", "hashValue", "=="], "Comparable": ["<", "<=", ">", ">="],
        "CustomStringConvertible": ["description"], "CustomDebugStringConvertible": ["debugDescription"],
        "Encodable": ["encode"], "Decodable": ["init"], "Codable": ["encode", "init"], "Identifiable": ["id"],
        "Error": [], "LocalizedError": ["errorDescription", "failureReason", "recoverySuggestion", "helpAnchor"],
    ]

    /// Protocols whose conformers the compiler never infers main-actor isolated, even with
    /// default MainActor isolation (swiftc 6.3: an `enum Failure: Error` stays nonisolated).
    public static let protocolsKeepingConformersNonisolated: Set<String> = [
        "Error", "LocalizedError", "CustomNSError", "RecoverableError", "CodingKey",
    ]

    /// The prefix of the methods of each nonisolated SDK delegate protocol (Cocoa naming: the
    /// delegating object's name), to find a conformance's implementations. Source: the SDK headers.
    public static let delegateMethodPrefixes: [String: [String]] = [
        "CLLocationManagerDelegate": ["locationManager"], "CBCentralManagerDelegate": ["centralManager"],
        "CBPeripheralDelegate": ["peripheral"], "CBPeripheralManagerDelegate": ["peripheralManager"],
        "AVCaptureVideoDataOutputSampleBufferDelegate": ["captureOutput"],
        "AVCaptureAudioDataOutputSampleBufferDelegate": ["captureOutput"],
        "AVCaptureMetadataOutputObjectsDelegate": ["metadataOutput"], "AVCapturePhotoCaptureDelegate": ["photoOutput"],
        "AVCaptureFileOutputRecordingDelegate": ["fileOutput"], "AVCaptureDepthDataOutputDelegate": ["depthDataOutput"],
        "AVAudioPlayerDelegate": ["audioPlayer"], "AVAudioRecorderDelegate": ["audioRecorder"],
        "AVSpeechSynthesizerDelegate": ["speechSynthesizer"], "MCSessionDelegate": ["session"],
        "MCNearbyServiceBrowserDelegate": ["browser"], "MCNearbyServiceAdvertiserDelegate": ["advertiser"],
        "MCBrowserViewControllerDelegate": ["browserViewController"], "URLSessionDelegate": ["urlSession"],
        "URLSessionTaskDelegate": ["urlSession"], "URLSessionDataDelegate": ["urlSession"],
        "URLSessionDownloadDelegate": ["urlSession"], "URLSessionWebSocketDelegate": ["urlSession"],
        "URLSessionStreamDelegate": ["urlSession"],
        "WCSessionDelegate": [
            "session", "sessionDidBecomeInactive", "sessionDidDeactivate", "sessionReachabilityDidChange",
        ],
        "UNUserNotificationCenterDelegate": ["userNotificationCenter"],
        "SKPaymentTransactionObserver": ["paymentQueue"],
        "SKProductsRequestDelegate": ["productsRequest", "request", "requestDidFinish"],
        "ARSessionDelegate": ["session"],
        "ARSCNViewDelegate": ["renderer", "session"],
        "XMLParserDelegate": ["parser", "parserDidStartDocument", "parserDidEndDocument"],
        "StreamDelegate": ["stream"], "NetServiceDelegate": ["netService"],
        "NetServiceBrowserDelegate": ["netServiceBrowser"],
        "NSFetchedResultsControllerDelegate": [
            "controller", "controllerWillChangeContent", "controllerDidChangeContent",
        ],
        "GKMatchDelegate": ["match"], "EKEventEditViewDelegate": ["eventEditViewController"],
        "SFSpeechRecognizerDelegate": ["speechRecognizer"],
        "SFSpeechRecognitionTaskDelegate": ["speechRecognitionTask", "speechRecognitionDidDetectSpeech"],
        "PKPaymentAuthorizationControllerDelegate": ["paymentAuthorizationController"],
    ]

    /// `@TaskLocal`: task-local storage, safe to declare as a `static var`. Source: the Swift standard library.
    public static let taskLocalAttribute = "TaskLocal"

    /// Attached macros that turn a stored-looking property into a computed one: Swift Testing's
    /// `@Tag static var critical: Self`. Source: swift-testing `Tag` documentation.
    public static let computedPropertyMacros: Set<String> = ["Tag"]

    /// Global actors the SDK defines (a declaration carrying one is isolated).
    public static let globalActors: Set<String> = [mainActor]

    /// The main actor's attribute name. Source: the Swift standard library (`@globalActor actor MainActor`).
    public static let mainActor = "MainActor"

    /// The attribute that declares a global actor (`@globalActor actor DatabaseActor`).
    public static let globalActorAttribute = "globalActor"

    /// The marker protocol itself. Source: the Swift standard library.
    public static let sendableProtocol = "Sendable"

    /// Whether an SDK class or protocol makes its subclasses and conformers main-actor isolated.
    public static func isMainActorSDKType(_ name: String) -> Bool {
        mainActorTypes.contains(name) || mainActorProtocols.contains(name)
    }

    /// SwiftUI protocols whose conformers' stored properties count as "used from a SwiftUI view".
    public static let swiftUIViewProtocols: Set<String> = ["View", "App"]

    /// Module names that qualify SDK types (`Foundation.Data`, `Swift.Int`).
    public static let moduleNames: Set<String> = [
        "Swift", "Foundation", "Dispatch", "SwiftUI", "UIKit", "AppKit", "Combine", "SwiftData", "CoreData",
        "Observation", "os", "Darwin", "Glibc", "Synchronization", "CoreFoundation", "CoreGraphics", "WebKit",
        "AVFoundation", "CoreLocation", "CoreBluetooth", "MapKit", "CloudKit", "XCTest", "Testing",
    ]

    /// Function type conventions whose values cannot capture state, hence Sendable
    /// (`@convention(c)` C function pointers, `@convention(thin)`). Source: SE-0302.
    public static let sendableFunctionConventions: Set<String> = ["c", "thin"]

    /// Types that are not Sendable: `AnyHashable` (its conformance is unavailable), `Any` and
    /// `AnyObject`, mutable Foundation reference types, the SDK classes listed above, and
    /// `NSObjectProtocol` (the observer token `addObserver(forName:…)` returns: the protocol does not
    /// refine Sendable, so swiftc reports "cannot access property 'observer' with a non-Sendable type
    /// 'NSObjectProtocol?' from nonisolated deinit").
    /// Source: the Swift standard library and Foundation's Sendable annotations.
    public static let nonSendableTypes: Set<String> = nonSendableClasses.union([
        "AnyHashable", "Any", "AnyObject", "NSMutableData", "NSMutableSet", "NSMutableOrderedSet",
        "NSMutableAttributedString", "NSMutableURLRequest", "NSMutableIndexSet", "NSObject", "Published",
        "NSKeyedArchiver", "NSKeyedUnarchiver", "Process", "Pipe", "XMLParser", "Scanner",
        "URLSession.DataTaskPublisher", "NSObjectProtocol",
    ])

    /// What the tables above say of an SDK type's Sendability, by name.
    enum ExternalSendability {
        case notSendable
        case sendable
        /// A container: Sendable when its arguments are (`sendableContainers`).
        case container
        /// A protocol refining Sendable (`sendableRefiningProtocols`).
        case refining
    }

    /// `nonSendableTypes`, `sendableValueTypes`, `sendableContainers` and
    /// `sendableRefiningProtocols` as one table, for one lookup per name (Sendability is asked of
    /// every SDK type a stored property names, many times over while the index is finalized).
    /// A name in several tables gets the first of them in that order.
    static let externalSendability: [String: ExternalSendability] = {
        var table: [String: ExternalSendability] = [:]
        for name in sendableRefiningProtocols { table[name] = .refining }
        for name in sendableContainers { table[name] = .container }
        for name in sendableValueTypes { table[name] = .sendable }
        for name in nonSendableTypes { table[name] = .notSendable }
        return table
    }()

    /// Classes whose subclasses, when global-actor isolated, are still Sendable: swiftc accepts
    /// a direct subclass of `NSObject`.
    public static let sendableSuperclasses: Set<String> = ["NSObject"]

    /// Attributes on properties that start with a capital letter but are not property wrappers
    /// (so they do not change the stored type). Source: Interface Builder, Core Data, SwiftData,
    /// Observation and Swift Testing attributes and macros.
    public static let nonWrapperAttributes: Set<String> = [
        "IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "IBSegueAction", "NSManaged", "NSCopying",
        "GKInspectable", "Attribute", "Relationship", "Transient", "ObservationIgnored", "ObservationTracked",
        "Sendable", "Observable", "Model", "Test", "Suite", "Entry", "UIApplicationMain", "NSApplicationMain",
        "Tag", "MainActor", "ModelActor",
    ]
    // MARK: SwiftData and XCTest

    /// Types of SDK members that rules follow through expressions (`container.mainContext`).
    /// Source: the SwiftData documentation (`ModelContainer.mainContext`, `ModelContext.container`).
    public static let memberTypes: [String: [String: String]] = [
        "ModelContainer": ["mainContext": "ModelContext"],
        "ModelContext": ["container": "ModelContainer"],
    ]

    /// Members an attached macro adds to the type it is attached to. Source: the SwiftData
    /// documentation of `@ModelActor` (it adds `modelExecutor`, `modelContainer` and, through the
    /// `ModelActor` protocol, `modelContext`, plus `init(modelContainer:)`).
    public static let macroMembers: [String: [String: String]] = [
        "ModelActor": [
            "modelContext": "ModelContext", "modelContainer": "ModelContainer", "modelExecutor": "any ModelExecutor",
        ]
    ]

    /// Types of SwiftUI environment values read with `@Environment(\.key)`. Source: the SwiftUI
    /// documentation of `EnvironmentValues` (SwiftData adds `modelContext`).
    public static let environmentValueTypes: [String: String] = [
        "modelContext": "ModelContext", "scenePhase": "ScenePhase", "colorScheme": "ColorScheme",
        "dismiss": "DismissAction", "openURL": "OpenURLAction", "locale": "Locale", "calendar": "Calendar",
        "timeZone": "TimeZone", "horizontalSizeClass": "UserInterfaceSizeClass?",
        "verticalSizeClass": "UserInterfaceSizeClass?", "isEnabled": "Bool", "editMode": "Binding<EditMode>?",
    ]

    /// SwiftData names. Source: the SwiftData documentation.
    public static let swiftDataModule = "SwiftData"
    public static let modelContextType = "ModelContext"
    public static let modelContainerType = "ModelContainer"
    /// `@Model` (a class stored by SwiftData) and `@ModelActor` (an actor owning a context).
    public static let modelMacro = "Model"
    public static let modelActorMacro = "ModelActor"
    /// Attributes of `@Model` properties: `@Relationship`, and `@Transient` (not stored).
    public static let relationshipAttribute = "Relationship"
    public static let transientAttribute = "Transient"
    /// `ModelContext` methods that insert and save.
    public static let modelContextInsert = "insert"
    public static let modelContextSave = "save"

    /// Marks the workspace index records when any file has them (`WorkspaceIndex.apiMarkers`):
    /// a `cloudKitDatabase:` argument other than `.none` (CloudKit sync configured for
    /// SwiftData), a `@Query` property (a view reads SwiftData through a query), a reference to
    /// `ModelContext.didSave` (something observes saves). Source: the SwiftData documentation of
    /// `ModelConfiguration(…cloudKitDatabase:)`, `Query` and `ModelContext.didSave`.
    public static let cloudKitConfiguredMarker = "cloudKitDatabase"
    public static let queryMarker = "Query"
    public static let didSaveMarker = "ModelContext.didSave"
    public static let cloudKitDatabaseLabel = "cloudKitDatabase"
    public static let didSaveName = "didSave"

    /// XCTest's main-actor API: `waitForExpectations(timeout:)` is main-actor isolated (swiftc 6.3
    /// on Linux reports `[#ActorIsolatedCall]` and `[#SendingRisksDataRace]` for a plain test method
    /// calling it; `wait(for:timeout:)` and `fulfillment(of:)` are not). Source: swift-corelibs-xctest
    /// and the compiler's diagnostics.
    public static let xctestMainActorMethods: Set<String> = ["waitForExpectations"]
    public static let xctestCase = "XCTestCase"
    public static let xctestModule = "XCTest"
    public static let testingModule = "Testing"
    /// Swift Testing's attributes: `@Test` functions and `@Suite` types. Source: swift-testing.
    public static let testAttribute = "Test"
    public static let suiteAttribute = "Suite"

    /// Expression macros that name a declaration without using it (`#selector(refresh)`,
    /// `#keyPath(Model.name)`): no isolation is needed to write them. Source: the Swift book.
    public static let referenceOnlyMacros: Set<String> = ["#selector", "#keyPath"]

    /// `Timer`, and the method that stops it. Source: Foundation.
    public static let timerType = "Timer"
    public static let timerInvalidate = "invalidate"

    // MARK: Package.swift

    /// Words of a target name that say "library": what the playbook means by a library target
    /// (networking, persistence, models, utilities) and their usual spellings in module names.
    /// Source: the migration playbook's advice on default MainActor isolation (SE-0466), and the
    /// module names of the corpus (`…Networking`, `…APIClient`, `…Persistence`, `…Models`, `…Core`).
    public static let libraryModuleWords: Set<String> = [
        "networking", "network", "net", "api", "client", "http", "persistence", "storage", "database", "db",
        "models", "model", "core", "utilities", "utility", "utils", "util", "services", "service", "data",
        "domain", "sdk", "shared", "common", "foundation", "cache", "sync", "repository", "parser", "parsing",
        "logging", "analytics",
    ]

    /// Words of a target name that say "UI module": main-actor by default suits them.
    public static let uiModuleWords: Set<String> = [
        "ui", "view", "views", "feature", "features", "screen", "screens", "app", "design", "components",
        "widgets", "widget", "theme", "swiftui", "presentation",
    ]

    /// The toolchain `#if compiler(…)` conditions of a manifest are read against: the one the
    /// catalog's compiler facts were checked with (swiftc 6.3).
    public static let assumedToolchain = ToolsVersion(major: 6, minor: 3)

    /// The lower-cased words of a CamelCase, snake_case or kebab-case name
    /// (`HTTPClientUI` → `http`, `client`, `ui`).
    public static func nameWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let chars = Array(name)
        for (k, c) in chars.enumerated() {
            if !(c.isLetter || c.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if c.isUppercase, !current.isEmpty {
                let previous = chars[k - 1]
                let nextIsLower = k + 1 < chars.count && chars[k + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }
}

// MARK: Build settings

extension KnowledgeBase {
    /// The upcoming features the umbrella `ApproachableConcurrency` turns on (Xcode 26's
    /// `SWIFT_APPROACHABLE_CONCURRENCY = YES`, SwiftPM 6.4's package templates). Source: the
    /// Swift 6.2 release notes and Xcode 26's build setting reference.
    public static let approachableConcurrencyFeatures: Set<String> = [
        "DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances",
        "InferSendableFromCaptures", "NonisolatedNonsendingByDefault",
    ]

    /// Xcode's `SWIFT_UPCOMING_FEATURE_<NAME>` build settings whose feature name is not NAME in
    /// CamelCase. Source: Xcode 16/26 build setting reference (`xcodebuild -showBuildSettings`).
    public static let upcomingFeatureBuildSettings: [String: String] = [
        "DISABLE_OUTWARD_ACTOR_ISOLATION": "DisableOutwardActorInference",
        "IMPORT_OBJC_FORWARD_DECLS": "ImportObjcForwardDeclarations",
    ]

    /// Xcode product types that are applications or app extensions (planned last, like apps),
    /// test bundles, command-line tools, and libraries. Source: Xcode's `productType` values in
    /// project.pbxproj files.
    public static let applicationProductTypes: Set<String> = [
        "com.apple.product-type.application", "com.apple.product-type.application.watchapp",
        "com.apple.product-type.application.watchapp2", "com.apple.product-type.application.watchapp2-container",
        "com.apple.product-type.application.messages", "com.apple.product-type.app-extension",
        "com.apple.product-type.app-extension.messages", "com.apple.product-type.extensionkit-extension",
        "com.apple.product-type.watchkit-extension", "com.apple.product-type.watchkit2-extension",
        "com.apple.product-type.tv-app-extension", "com.apple.product-type.app-extension.messages-sticker-pack",
        "com.apple.product-type.xpc-service", "com.apple.product-type.system-extension",
        "com.apple.product-type.driver-extension", "com.apple.product-type.application.on-demand-install-capable",
    ]
    public static let testProductTypes: Set<String> = [
        "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing",
    ]
    public static let toolProductTypes: Set<String> = ["com.apple.product-type.tool"]
}
