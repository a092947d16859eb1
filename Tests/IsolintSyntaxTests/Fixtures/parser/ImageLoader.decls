import	9:1	UIKit
import	10:1	CryptoKit
typealias	12:1	ImageCompletion
enum	15:1	ImageLoaderError
case	16:10	invalidResponse
case	17:10	decodingFailed
case	18:10	cancelled
protocol	21:1	ImageLoaderDelegate
func	22:5	imageLoader(_:didLoad:for:)
func	23:5	imageLoader(_:didFailFor:error:)
extension	26:1	ImageLoaderDelegate
func	27:5	imageLoader(_:didFailFor:error:)
actor	32:1	ImageCache
let	33:16	shared
var	35:17	storage
var	36:17	accessOrder
let	37:17	limit
let	38:17	directory
init	40:5	init(limit:directory:)
func	46:5	image(for:)
let	51:13	path
func	59:5	insert(_:for:writeToDisk:)
let	67:17	path
closure	68:50	
func	74:5	removeAll()
func	79:17	diskPath(for:)
let	80:13	digest
let	81:13	name
closure	81:31	
func	85:13	touch(_:)
class	93:7	ImageLoader
let	94:16	shared
var	96:14	delegate
let	98:17	session
let	99:17	cache
let	100:17	lock
var	101:17	waiting
var	102:17	tasks
let	103:17	decodeQueue
init	105:5	init(session:cache:)
deinit	117:5	deinit
func	121:19	clearMemory()
closure	122:14	
func	127:5	load(_:completion:)
closure	128:14	
closure	130:42	
func	137:13	enqueue(_:completion:)
let	145:13	task
closure	145:48	
func	152:13	handle(url:data:response:error:)
closure	153:27	
let	155:17	image
let	157:17	callbacks
closure	162:22	
closure	164:38	
closure	165:35	
func	175:5	cancel(_:)
let	177:13	task
let	178:13	callbacks
closure	181:34	
func	190:5	image(for:)
closure	194:58	
closure	195:23	
func	205:5	prefetch(_:)
closure	206:44	
closure	208:31	
var	213:17	loaded
class	224:7	RemoteImageView
var	225:17	currentURL
var	226:9	placeholder
var	228:9	url
closure	237:42	
closure	239:97	
closure	241:31	
func	248:14	prepareForReuse()
extension	253:1	UIImageView
func	254:11	prepareForReuse()
extension	258:1	ImageLoader
func	259:5	debugDescription(for:)
