import	8:1	Foundation
import	9:1	Combine
import	10:1	UIKit
import	12:1	os.log
struct	16:1	FeedItem
let	17:9	id
let	18:9	author
let	19:9	body
let	20:9	createdAt
var	21:9	likeCount
var	22:9	isLiked
var	24:9	relativeDate
let	28:24	formatter
closure	28:63	
let	29:13	f
protocol	35:1	FeedServicing
func	36:5	fetchPage(after:completion:)
func	37:5	setLiked(_:postID:)
struct	40:1	FeedPage
let	41:9	items
let	42:9	nextCursor
enum	45:1	FeedLoadState
case	46:10	idle
case	47:10	loading
case	48:10	loadingMore
case	49:10	finished
case	50:10	failed
extension	53:1	Notification.Name
let	54:16	feedDidInvalidate
let	55:16	userDidLogOut
class	58:7	FeedViewModel
var	59:33	items
var	60:33	state
var	61:20	searchText
var	62:33	isOffline
var	63:33	lastError
let	65:17	service
let	66:17	reachability
var	67:17	cursor
var	68:17	cancellables
var	69:17	observers
let	70:17	workQueue
var	71:17	pendingLikes
let	74:17	log
init	77:5	init(service:reachability:)
deinit	85:5	deinit
closure	86:27	
func	91:13	bindSearch()
closure	95:18	
closure	98:21	
closure	99:19	
func	105:13	bindReachability()
closure	108:18	
closure	114:21	
closure	115:19	
func	124:13	observeNotifications()
let	125:13	center
let	126:13	invalidate
closure	126:101	
let	129:13	logout
closure	129:91	
let	130:17	reason
closure	131:38	
func	141:19	didReceiveMemoryWarning()
closure	142:25	
let	144:17	trimmed
closure	145:38	
func	153:5	refresh()
func	158:5	loadMoreIfNeeded(currentItem:)
func	164:13	reload(matching:)
func	169:13	load(reset:)
let	171:13	requestedCursor
closure	172:51	
closure	173:38	
func	189:13	apply(_:reset:)
let	190:13	merged
var	194:17	seen
closure	195:48	
closure	197:28	
var	198:17	copy
func	213:5	toggleLike(for:)
closure	214:51	
let	215:13	newValue
closure	223:38	
closure	226:30	
closure	228:58	
func	235:13	revertLike(for:to:)
closure	237:51	
func	245:5	refreshAsync()
closure	246:51	
closure	247:43	
closure	250:46	
protocol	264:1	ReachabilityObserving
var	265:9	isReachablePublisher
class	268:7	PollingReachability
let	269:17	subject
var	270:17	timer
let	271:17	probe
var	273:9	isReachablePublisher
init	277:5	init(interval:probe:)
closure	279:81	
closure	281:55	
let	282:21	reachable
closure	283:42	
deinit	288:5	deinit
class	294:7	PreviewFeedService
var	295:9	delay
func	297:5	fetchPage(after:completion:)
closure	298:69	
let	299:17	items
closure	299:38	
func	306:5	setLiked(_:postID:)
class	314:7	LiveFeedService
let	315:17	session
let	316:17	baseURL
init	318:5	init(session:baseURL:)
func	323:5	fetchPage(after:completion:)
var	324:13	components
closure	328:49	
let	334:21	page
func	342:5	setLiked(_:postID:)
var	343:13	request
